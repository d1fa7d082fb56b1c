import sharp from 'sharp';
import { readFileSync, writeFileSync } from 'node:fs';
import { renderShirt } from '../src/server/media/shirt-svg.ts';
sharp.concurrency(1);
const designs = ['stripes.c8102e.ffffff.111111', 'halves.5b2a86.c8102e', 'fade.0b2545.ffffff.long', 'hoops.d71920.ffffff'];
const logo = readFileSync('public/images/logo.svg', 'utf8');
async function time(name: string, f: (d: string) => Promise<Buffer>) {
  await f(designs[0]!);
  const t0 = performance.now(); let bytes = 0;
  for (let i = 0; i < 20; i++) bytes += (await f(designs[i % 4]!)).length;
  console.log(name, ((performance.now() - t0) / 20).toFixed(1), 'ms', (bytes / 20 / 1024).toFixed(1), 'KB');
}
const nest = (s: string, x: number, y: number, w: number, h: number) => s.replace('<svg ', `<svg x="${x}" y="${y}" width="${w}" height="${h}" `).replace(/ width="64" height="64"/, '');
const bgSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#14213d"/><rect x="0" y="0" width="14" height="630" fill="#c1121f"/>${nest(logo, 90, 235, 160, 160)}<circle cx="780" cy="315" r="270" fill="#f6f6f3"/></svg>`;
const bg = await sharp(Buffer.from(bgSvg)).raw().toBuffer({ resolveWithObject: true });
const shirt = (d: string) => sharp(Buffer.from(renderShirt(d, 'front')!.replace('<svg ', '<svg width="460" height="506" '))).png({ compressionLevel: 0 }).toBuffer();
const comp = async (d: string, enc: (s: sharp.Sharp) => sharp.Sharp) => enc(sharp(bg.data, { raw: bg.info }).composite([{ input: await shirt(d), left: 550, top: 62 }])).toBuffer();
await time('composite jpeg q75', (d) => comp(d, (s) => s.jpeg({ quality: 75 })));
await time('composite jpeg q70 444', (d) => comp(d, (s) => s.jpeg({ quality: 70 })));
await time('composite png', (d) => comp(d, (s) => s.png({ compressionLevel: 9, adaptiveFiltering: false })));
writeFileSync('.tmp/og.png', await comp(designs[2]!, (s) => s.png()));
writeFileSync('.tmp/og.jpg', await comp(designs[0]!, (s) => s.jpeg({ quality: 75 })));
