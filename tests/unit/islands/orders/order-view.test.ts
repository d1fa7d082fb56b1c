/** The order pages' shipment and status wording: the carrier's link, the scans' states, and a partly refunded order, in both languages; a team roster's rows as one block. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../src/domain/locale.ts';
import type { OrderDetail, OrderStatus } from '../../../../src/domain/orders.model.ts';
import enCheckout from '../../../../src/i18n/locales/en-US/checkout.json' with { type: 'json' };
import zhCheckout from '../../../../src/i18n/locales/zh-CN/checkout.json' with { type: 'json' };
import enCart from '../../../../src/i18n/locales/en-US/cart.json' with { type: 'json' };
import enPrint from '../../../../src/i18n/locales/en-US/print.json' with { type: 'json' };
import { withIslandI18n } from '../../../../src/i18n/react.tsx';
import { OrderLines, OrderShipments } from '../../../../src/islands/orders/OrderView.tsx';
import { useStatusLabel } from '../../../../src/islands/orders/wording.ts';

const CATALOGUES = { 'en-US': { checkout: enCheckout }, 'zh-CN': { checkout: zhCheckout } } as const;

const shipment = (trackingUrl: string | null): OrderDetail['shipments'][number] => ({
  id: 1,
  correctedAt: null,
  lines: [],
  carrier: 'DHL',
  trackingNumber: 'JD0146000099',
  trackingUrl,
  shippedAt: '2026-11-20T10:00:00.000Z',
  events: [{ at: '2026-11-20T10:00:00.000Z', status: 'shipped', location: null, description: 'Handed to DHL' }],
});

function shipments(locale: Locale, list: OrderDetail['shipments']): string {
  const Island = withIslandI18n(OrderShipments);
  return renderToStaticMarkup(createElement(Island, { locale, messages: CATALOGUES[locale] as never, shipments: list }));
}

function statusLabel(locale: Locale, status: OrderStatus, paymentStatus: string | null): string {
  let said = '';
  const Probe = () => {
    said = useStatusLabel()(status, paymentStatus);
    return null;
  };
  renderToStaticMarkup(createElement(withIslandI18n(Probe), { locale, messages: CATALOGUES[locale] as never }));
  return said;
}

describe('the order page', () => {
  it("links the carrier's tracking page in a new tab, in the page's language", () => {
    const link = 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD0146000099';
    const en = shipments('en-US', [shipment(link)]);
    expect(en).toContain(`href="${link}"`);
    expect(en).toContain('rel="noopener noreferrer"');
    expect(en).toContain(enCheckout.order.trackParcel.replace("'", '&#x27;'));
    expect(shipments('zh-CN', [shipment(link)])).toContain(zhCheckout.order.trackParcel);
    expect(shipments('en-US', [shipment(null)])).not.toContain('data-tracking-link');
  });

  it("names the shop's own scans in the page's language and keeps a carrier's own words", () => {
    const scanned = { ...shipment(null), events: [...shipment(null).events, { at: '2026-11-21T08:00:00.000Z', status: 'Out for delivery', location: 'Leeds', description: 'With the driver' }] };
    const zh = shipments('zh-CN', [scanned]);
    expect(zh).toContain(`<strong>${zhCheckout.status.shipped}</strong>`);
    expect(zh).not.toContain('<strong>shipped</strong>');
    expect(zh).toContain('<strong>Out for delivery</strong>');
    expect(shipments('en-US', [scanned])).toContain(`<strong>${enCheckout.status.shipped}</strong>`);
  });

  it('says an order was partly refunded beside its state, and refunded alone once all is back', () => {
    expect(statusLabel('en-US', 'shipped', 'partially_refunded')).toBe(`${enCheckout.status.shipped} · ${enCheckout.status.partiallyRefunded}`);
    expect(statusLabel('zh-CN', 'paid', 'partially_refunded')).toBe(`${zhCheckout.status.paid} · ${zhCheckout.status.partiallyRefunded}`);
    expect(statusLabel('en-US', 'refunded', 'refunded')).toBe(enCheckout.status.refunded);
    expect(statusLabel('en-US', 'processing', 'captured')).toBe(enCheckout.status.processing);
  });
});

describe('the order lines', () => {
  const shirt = { productId: 1, image: 'shirt.png', name: 'Home shirt', size: 'M', customType: 3, premiumNameOption: 'Standard', premiumNumberOption: 'Standard', patches: [], addonItems: [], personalised: true, unitPrice: 4500, player: null, squadPlayerName: null, squadPlayerNumber: null };
  const eagles = { id: '0b7f4c1e-8d2a-4f5b-9c3e-1a2b3c4d5e6f', name: 'Eagles' };
  const lines = [
    { ...shirt, id: 11, customName: 'SMITH', customNumber: '4', quantity: 1, lineTotal: 4500, group: eagles },
    { ...shirt, id: 12, name: 'Away shirt', customType: 1, customName: null, customNumber: null, quantity: 1, lineTotal: 3000, group: null },
    { ...shirt, id: 13, customName: 'JONES', customNumber: '5', quantity: 2, lineTotal: 9000, group: eagles },
  ];

  it("show a team roster's rows in one block with its shirts and total, where its first row is; other lines as they are", () => {
    const Island = withIslandI18n(OrderLines);
    const html = renderToStaticMarkup(createElement(Island, { locale: 'en-US', messages: { checkout: enCheckout, cart: enCart, print: enPrint } as never, order: { lines, amounts: { currency: 'EUR' } } as never }));
    const block = /<li class="cart-group" data-group-id="0b7f4c1e[^"]*">(.*?)<\/details><\/li>/.exec(html)?.[1] ?? '';
    expect(block).toContain('<span class="cart-group-name">Team: Eagles</span><span class="cart-group-count">3 shirts</span><span class="cart-group-total">€135.00</span>');
    // Both rows inside, in the order's order; the line of its own after the block, outside it.
    expect([...block.matchAll(/data-order-line="(\d+)"/g)].map((m) => m[1])).toEqual(['11', '13']);
    expect(html.indexOf('data-order-line="12"')).toBeGreaterThan(html.indexOf('</details>'));
  });
});
