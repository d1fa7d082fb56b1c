import { decodeTextFile } from '../../domain/delimited-text.ts';

/** Base64 of a file's bytes, for calls that carry a file in their JSON (an image upload, the catalogue import's zip). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A CSV file's text: UTF-8, or GB18030 where the bytes are not UTF-8 (Excel on a Chinese-locale Windows saves CSV so). */
export async function csvTextOf(file: Blob): Promise<string> {
  return decodeTextFile(await file.arrayBuffer());
}
