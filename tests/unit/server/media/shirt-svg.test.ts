import { describe, it, expect } from 'vitest';
import Fastify from 'fastify';
import {
  PATCH_SHAPES,
  SHIRT_PATTERNS,
  formatShirtDesign,
  parseShirtDesign,
  renderPatch,
  renderShirt,
  renderShorts,
  renderSocks,
} from '../../../../src/server/media/shirt-svg.ts';
import envelope from '../../../../src/server/http/envelope.ts';
import mediaRoutes from '../../../../src/server/modules/catalogue/media-routes.ts';

/** Well-formed enough for an <img>: one root svg element, balanced tags, nothing external. */
function expectSafeSvg(svg: string | null): asserts svg is string {
  expect(svg).not.toBeNull();
  const text = svg as string;
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text.endsWith('</svg>')).toBe(true);
  expect(text).toContain('role="img"');
  expect(text).not.toMatch(/<script|href|url\((?!#)|on[a-z]+=|<!|<\?/i);
  // Every opened element is closed (self-closing or with its end tag), in order.
  const stack: string[] = [];
  for (const [, close, name, selfClosing] of text.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    if (close) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name as string);
  }
  expect(stack).toEqual([]);
  expect(text.length).toBeLessThan(6000);
}

describe('renderShirt', () => {
  it('draws every pattern and cut, front and back, in the team colours', () => {
    for (const pattern of SHIRT_PATTERNS) {
      for (const cut of ['', '.long', '.vest', '.polo']) {
        for (const side of ['front', 'back'] as const) {
          const svg = renderShirt(`${pattern}.d71920.ffffff.111111${cut}`, side);
          expectSafeSvg(svg);
          expect(svg).toContain('#d71920');
          expect(svg).toContain('#111111');
          if (pattern !== 'plain') expect(svg, pattern).toContain('#ffffff');
        }
      }
    }
  });

  it('uses the second colour as trim when there is no third', () => {
    const svg = renderShirt('plain.0b2545.6cace4', 'front');
    expectSafeSvg(svg);
    expect(svg).toContain('#6cace4');
  });

  it('refuses anything outside the design grammar', () => {
    const bad = [
      '',
      '<script>alert(1)</script>',
      '../../etc/passwd',
      'stripes.zz0000.ffffff',
      'stripes.D71920.ffffff',
      'stripes.d71920',
      'stripes.d71920.ffffff.111111.222222',
      'stripes.d7192.ffffff',
      'stripes.d71920.ffffff.tee',
      'stripes.d71920.ffffff.long.long',
      'zigzag.d71920.ffffff',
      'stripes..d71920.ffffff',
      'stripes.d71920.ffffff"/><script>',
      `stripes.${'d71920.'.repeat(20)}ffffff`,
    ];
    for (const design of bad) {
      expect(renderShirt(design, 'front'), design).toBeNull();
      expect(parseShirtDesign(design), design).toBeNull();
    }
    expect(renderShirt('stripes.d71920.ffffff', 'side' as 'front')).toBeNull();
  });

  it('round-trips designs', () => {
    const design = { pattern: 'hoops' as const, colours: ['0b2545', 'ffffff'], cut: 'long' as const };
    expect(formatShirtDesign(design)).toBe('hoops.0b2545.ffffff.long');
    expect(parseShirtDesign('hoops.0b2545.ffffff.long')).toEqual(design);
    expect(parseShirtDesign('hoops.0b2545.ffffff')?.cut).toBe('tee');
  });

  it('leaves the back free of the chest crest and adds a neck label', () => {
    const front = renderShirt('plain.0b2545.ffffff', 'front')!;
    const back = renderShirt('plain.0b2545.ffffff', 'back')!;
    expect(front).not.toEqual(back);
    expect(front).toContain('M238 104');
    expect(back).not.toContain('M238 104');
    expect(back).toContain('<rect x="189"');
  });
});

describe('patches, shorts and socks', () => {
  it('draws every patch shape in its colour and refuses bad designs', () => {
    for (const shape of PATCH_SHAPES) {
      const svg = renderPatch(`${shape}.1f4fb4`);
      expectSafeSvg(svg);
      expect(svg).toContain('#1f4fb4');
    }
    for (const bad of ['shield', 'shield.1F4FB4', 'blob.1f4fb4', 'shield.1f4fb4.ffffff', '../shield.1f4fb4', 'shield.<b>']) {
      expect(renderPatch(bad), bad).toBeNull();
    }
  });

  it('draws shorts and socks in both colours and refuses bad designs', () => {
    for (const render of [renderShorts, renderSocks]) {
      const svg = render('0b2545.ffd100');
      expectSafeSvg(svg);
      expect(svg).toContain('#0b2545');
      expect(svg).toContain('#ffd100');
      for (const bad of ['0b2545', '0b2545.ffd100.ffffff', 'zz0000.ffffff', '0b2545.ffd10', '<svg>.ffffff']) expect(render(bad), bad).toBeNull();
    }
  });
});

describe('media routes', () => {
  async function app() {
    const server = Fastify();
    // The API's envelope words the 404s, as in the shop.
    await server.register(envelope, { apiPrefix: '/api', notFoundPage: () => null });
    await server.register(mediaRoutes);
    return server;
  }

  it('serves shirts as immutable, locked-down SVG with an ETag', async () => {
    const server = await app();
    const res = await server.inject({ method: 'GET', url: '/api/media/shirt/stripes.d71920.ffffff.111111-back.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(res.body).toBe(renderShirt('stripes.d71920.ffffff.111111', 'back'));

    const again = await server.inject({ method: 'GET', url: '/api/media/shirt/stripes.d71920.ffffff.111111-back.svg', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await server.inject({ method: 'GET', url: '/api/media/shirt/stripes.d71920.ffffff.111111-front.svg', headers: { 'if-none-match': res.headers.etag as string } });
    expect(other.statusCode).toBe(200);
    await server.close();
  });

  it('serves patches, shorts and socks', async () => {
    const server = await app();
    for (const url of ['/api/media/patch/trophy.d4a72c.svg', '/api/media/shorts/0b2545.ffffff.svg', '/api/media/socks/0b2545.ffffff.svg']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    }
    await server.close();
  });

  it('answers 404 in the envelope for anything invalid', async () => {
    const server = await app();
    const bad = [
      '/api/media/shirt/stripes.d71920.ffffff.svg',
      '/api/media/shirt/stripes.d71920.ffffff-side.svg',
      '/api/media/shirt/stripes.zz0000.ffffff-front.svg',
      '/api/media/shirt/%3Cscript%3E-front.svg',
      '/api/media/shirt/..%2F..%2Fetc-front.svg',
      '/api/media/patch/shield.1f4fb4.png',
      '/api/media/patch/blob.1f4fb4.svg',
      '/api/media/shorts/0b2545.svg',
      '/api/media/socks/0b2545.ffffff.ffffff.svg',
    ];
    for (const url of bad) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: '1404', msg: 'Image not found', data: null });
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await server.close();
  });
});
