/** Tracking links: the one staff gave, else the known carrier's page, else none. */
import { describe, expect, it } from 'vitest';
import { CARRIERS, carrierOf, trackingLink } from '../../../src/domain/carriers.ts';

describe('tracking links', () => {
  it("links a known carrier's page with the tracking number, whatever the spelling", () => {
    expect(trackingLink('DHL', 'JD014600')).toBe('https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600');
    expect(trackingLink(' dhl-express ', 'JD014600')).toBe(trackingLink('DHL', 'JD014600'));
    expect(trackingLink('Royal mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect(trackingLink('顺丰', 'SF1234')).toBe('https://www.sf-express.com/chn/en/waybill/waybill-detail/SF1234');
    expect(carrierOf('Colissimo')?.name).toBe('La Poste');
  });

  it('encodes the number, prefers a link staff gave, and has none for an unknown carrier', () => {
    expect(trackingLink('UPS', 'A B/1')).toBe('https://www.ups.com/track?tracknum=A%20B%2F1');
    expect(trackingLink('UPS', '1Z999', 'https://example.com/p/1Z999')).toBe('https://example.com/p/1Z999');
    expect(trackingLink('Bike courier', '123')).toBeNull();
    expect(trackingLink('', '123')).toBeNull();
  });

  it('knows each carrier once, each page over https with a place for the number', () => {
    const names = CARRIERS.flatMap((c) => [c.name, ...c.aliases]).map((n) => n.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
    expect(new Set(names).size).toBe(names.length);
    for (const carrier of CARRIERS) expect(carrier.url).toMatch(/^https:\/\/[^{]+\{n\}/);
  });
});
