/** The order pages' invoice and credit notes (src/islands/orders/OrderView.tsx OrderDocuments): each listed with its PDF link, a guest's carrying the token. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../src/domain/locale.ts';
import type { OrderDetail } from '../../../../src/domain/orders.model.ts';
import enCheckout from '../../../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import zhCheckout from '../../../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import { withIslandI18n } from '../../../../src/i18n/react.tsx';
import { OrderDocuments } from '../../../../src/islands/orders/OrderView.tsx';

const CATALOGUES = { 'en-US': { checkout: enCheckout }, 'zh-CN': { checkout: zhCheckout } } as const;

const order = (documents: OrderDetail['documents']) =>
  ({ orderNo: 'JS-7KQ4M-2XPHD', amounts: { currency: 'EUR' }, documents }) as unknown as OrderDetail;

const INVOICE = { kind: 'invoice', number: 'INV-2026-000123', issuedAt: '2026-11-29T10:00:00.000Z', total: 6390, tax: 1020 } as const;
const NOTE = { kind: 'credit_note', number: 'CN-2026-000007', issuedAt: '2026-11-30T10:00:00.000Z', total: 2000, tax: 319 } as const;

function documents(locale: Locale, list: OrderDetail['documents'], token: string | null): string {
  const Island = withIslandI18n(OrderDocuments);
  return renderToStaticMarkup(createElement(Island, { locale, messages: CATALOGUES[locale] as never, order: order(list), token }));
}

describe('the order’s invoice and credit notes', () => {
  it('lists each with its amounts and a PDF download, the guest’s link carrying the order’s token', () => {
    const html = documents('en-US', [INVOICE, NOTE], 'abc123');
    expect(html).toContain('Invoice INV-2026-000123');
    expect(html).toContain('Credit note CN-2026-000007');
    expect(html).toContain('€63.90, of which tax €10.20');
    expect(html).toContain('href="/api/orders/JS-7KQ4M-2XPHD/documents/INV-2026-000123.pdf?token=abc123"');
    expect(html).toContain('href="/api/orders/JS-7KQ4M-2XPHD/documents/CN-2026-000007.pdf?token=abc123"');
    expect(html).toContain('download="INV-2026-000123.pdf"');
  });

  it('links a signed-in shopper’s PDF without a token (the session goes with the request), in Chinese too', () => {
    const html = documents('zh-CN', [INVOICE], null);
    expect(html).toContain('href="/api/orders/JS-7KQ4M-2XPHD/documents/INV-2026-000123.pdf"');
    expect(html).toContain('发票 INV-2026-000123');
    expect(html).toContain(zhCheckout.order.download);
  });

  it('shows nothing for an order without documents (unpaid, or from before taxes)', () => {
    expect(documents('en-US', [], null)).toBe('');
  });
});
