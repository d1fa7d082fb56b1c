/**
 * The PDFs' one font, Noto Sans SC (Latin and Chinese alike, so a document prints the same on
 * every machine): read and parsed once per process, each document embedding its own subset of the
 * glyphs it uses. Invoices and credit notes (modules/invoices/pdf.ts) and the packing slips and
 * address labels (modules/backoffice/shipping-docs.ts) open their documents with it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadPdfKit, onFirstUse } from '../on-first-use.ts';

const requireFrom = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** A face read once: what pdfkit opens it from, and the name it keys it under (its PostScript name). */
export interface Face {
  src: PDFKit.Mixins.PDFFontSource;
  name: string;
}

/**
 * The face pdfkit parsed from a font file, to hand every later document: pdfkit takes a parsed
 * face (an object with `layout`) as a font source, but its types only name files and buffers, and
 * only a document parses one. Parsing the 10 MB CJK face (its character map, glyph locations and
 * metrics) for each document was most of a render's time and garbage; each document still embeds
 * its own subset.
 */
function parsedFace(PDFDocument: typeof import('pdfkit'), file: Buffer): Face {
  const seed = new PDFDocument({ autoFirstPage: false });
  seed.font(file);
  const opened = (seed as unknown as { _font: { name: string; font?: { layout?: unknown } } })._font;
  const face = opened.font;
  return { src: typeof face?.layout === 'function' ? (face as unknown as PDFKit.Mixins.PDFFontSource) : file, name: opened.name };
}

/** The two faces, read and parsed once per process. */
export const fontFaces: () => Promise<{ regular: Face; bold: Face }> = onFirstUse(async () => {
  const [PDFDocument, regular, bold] = await Promise.all([loadPdfKit(), readFile(requireFrom.resolve(FONT_FILES.regular)), readFile(requireFrom.resolve(FONT_FILES.bold))]);
  return { regular: parsedFace(PDFDocument, regular), bold: parsedFace(PDFDocument, bold) };
});

/**
 * A new document with the faces set up: the default font our parsed face (pdfkit would otherwise
 * parse Helvetica's metrics for every document), both faces opened once and selectable by name;
 * `done` resolves with the bytes once `doc.end()` is called.
 */
export async function openPdf(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer>; regular: string; bold: string }> {
  const [faces, PDFDocument] = await Promise.all([fontFaces(), loadPdfKit()]);
  const doc = new PDFDocument({ ...options, font: faces.regular.src as unknown as string });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(faces.bold.src);
  return { doc, done, regular: faces.regular.name, bold: faces.bold.name };
}
