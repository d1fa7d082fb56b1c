/** The live preview's text fitting and colours, and the shell page's product id. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRINT_LAYOUT, contrastRatio, fitText, printPaint, shirtColours } from '../../../../src/islands/product/print-preview.ts';
import { productIdFrom } from '../../../../src/islands/product/shell-route.ts';

describe('fitting the print', () => {
  const box = PRINT_LAYOUT.name;

  it('uses the largest size for short names', () => {
    expect(fitText('LI', box)).toEqual({ fontSize: box.maxSize, textLength: null });
  });

  it('shrinks longer names so their estimated width stays inside the box', () => {
    const fit = fitText('LANGWORTH', box);
    expect(fit.textLength).toBeNull();
    expect(fit.fontSize).toBeLessThan(box.maxSize);
    expect(fit.fontSize * box.advance * 9).toBeLessThanOrEqual(box.maxWidth + 0.5);
  });

  it('squeezes a name that would be too small into the box instead of overflowing', () => {
    const tight = { ...box, minSize: 20 };
    expect(fitText('ABCDEFGHIJKLMNO', tight)).toEqual({ fontSize: 20, textLength: box.maxWidth });
  });

  it('never exceeds the box or the size limits, for any text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (text) => {
        const fit = fitText(text, box);
        const width = fit.textLength ?? fit.fontSize * box.advance * [...text].length;
        return fit.fontSize <= box.maxSize && fit.fontSize >= box.minSize && width <= box.maxWidth + 0.5;
      }),
    );
  });

  it('draws two-digit numbers at full size', () => {
    expect(fitText('99', PRINT_LAYOUT.number).fontSize).toBe(PRINT_LAYOUT.number.maxSize);
  });
});

describe('shirt colours', () => {
  it('reads base, accent and trim from the picture address', () => {
    expect(shirtColours('/api/media/shirt/stripes.c8102e.ffffff.111111-back.svg')).toEqual({ base: '#c8102e', accent: '#ffffff', trim: '#111111' });
    expect(shirtColours('https://cdn.example/api/media/shirt/hoops.0b2545.ffffff.long-back.svg')).toEqual({ base: '#0b2545', accent: '#ffffff', trim: '#ffffff' });
  });
  it('gives up on any other address', () => {
    expect(shirtColours('/images/photo.jpg')).toBeNull();
    expect(shirtColours('/api/media/shirt/stripes.c8102e-back.svg')).toBeNull();
  });
});

describe('print colours', () => {
  const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

  it('keeps standard lettering readable on the shirt and outlined, whatever the team colours', () => {
    fc.assert(
      fc.property(hex, hex, hex, (base, accent, trim) => {
        const { fill, stroke } = printPaint({ base, accent, trim }, 'Standard');
        return contrastRatio(fill, base) >= 3 - 1e-9 || contrastRatio(stroke, fill) >= 3;
      }),
    );
  });

  it('uses a team colour when it reads on the base colour', () => {
    expect(printPaint({ base: '#c8102e', accent: '#ffffff', trim: '#111111' }, 'Standard').fill).toBe('#ffffff');
    expect(printPaint({ base: '#0b2545', accent: '#6cace4', trim: '#6cace4' }, 'Standard').fill).toBe('#6cace4');
  });

  it('shows Gold and Silver as metallic fills with a dark outline', () => {
    const gold = printPaint(null, 'Gold');
    const silver = printPaint(null, 'Silver');
    expect(gold.fill).not.toBe(silver.fill);
    expect(contrastRatio(gold.fill, gold.stroke)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(silver.fill, silver.stroke)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('shell page product id', () => {
  it('comes from the path the server answered', () => {
    expect(productIdFrom('/en-US/product/217/', '')).toBe(217);
    expect(productIdFrom('/shop/views/zh-CN/product/5', '')).toBe(5);
  });
  it('comes from ?id= on the shell address itself', () => {
    expect(productIdFrom('/en-US/product/new/', '?id=12')).toBe(12);
    expect(productIdFrom('/en-US/product/new/', '')).toBeNull();
  });
  it('is null for anything that is not a product id', () => {
    for (const bad of ['0', '-3', '1.5', 'abc', '007', '99999999999', '%31']) {
      expect(productIdFrom(`/en-US/product/${bad}/`, '')).toBeNull();
    }
  });
});
