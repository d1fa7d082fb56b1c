import sharp from 'sharp';
import { renderShirt } from '../src/server/media/shirt-svg.ts';
sharp.concurrency(1);
const designs = ['stripes.c8102e.ffffff.111111', 'halves.5b2a86.c8102e', 'fade.0b2545.ffffff.long', 'hoops.d71920.ffffff'];
async function time(name: string, f: (d: string) => Promise<Buffer>) {
  await f(designs[0]!);
  const t0 = performance.now(); let bytes = 0;
  for (let i = 0; i < 20; i++) bytes += (await f(designs[i % 4]!)).length;
  console.log(name, ((performance.now() - t0) / 20).toFixed(1), 'ms', (bytes / 20 / 1024).toFixed(1), 'KB');
}
// One SVG: 1200x630 canvas with both shirts nested, rasterised once.
const page = (d: string) => {
  const f = renderShirt(d, 'front')!, b = renderShirt(d, 'back')!;
  const inner = (s: string, x: number) => s.replace('<svg ', `<svg x="${x}" y="60" width="464" height="510" `);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#f6f6f3"/>${inner(f, 110)}${inner(b, 626)}</svg>`);
};
await time('one svg -> jpeg q80', (d) => sharp(page(d)).jpeg({ quality: 80 }).toBuffer());
await time('one svg -> jpeg mozjpeg', (d) => sharp(page(d)).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
await time('one svg -> png', (d) => sharp(page(d)).png({ compressionLevel: 6 }).toBuffer());
await time('one svg -> png palette', (d) => sharp(page(d)).png({ palette: true, effort: 1 }).toBuffer());
await time('one svg raw', (d) => sharp(page(d)).raw().toBuffer());
const out = await sharp(page(designs[2]!)).jpeg({ quality: 80 }).toBuffer();
(await import('node:fs')).writeFileSync('/tmp/seo-og.jpg', out);
