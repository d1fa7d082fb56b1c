import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { renderShirt } from '/work/wt-seo/src/server/media/shirt-svg.ts';
sharp.concurrency(1);
const designs = ['stripes.c8102e.ffffff.111111', 'halves.5b2a86.c8102e', 'fade.0b2545.ffffff.long', 'hoops.d71920.ffffff'];
const bg = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#f6f6f3' } }).png().toBuffer();
const t0 = performance.now();
let bytes = 0;
for (let i = 0; i < 40; i++) {
  const d = designs[i % 4]!;
  const front = await sharp(Buffer.from(renderShirt(d, 'front')!), { density: 72 * 520 / 440 }).resize({ height: 520 }).png().toBuffer();
  const back = await sharp(Buffer.from(renderShirt(d, 'back')!)).resize({ height: 520 }).png().toBuffer();
  const out = await sharp(bg).composite([{ input: front, left: 120, top: 55 }, { input: back, left: 620, top: 55 }]).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  bytes += out.length;
  if (i === 0) (await import('node:fs')).writeFileSync('/tmp/seo-og.jpg', out);
}
console.log(((performance.now() - t0) / 40).toFixed(1), 'ms each', (bytes / 40 / 1024).toFixed(1), 'KB');
