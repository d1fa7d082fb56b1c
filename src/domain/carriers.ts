/**
 * Carriers the shop ships with and where a shopper follows a parcel: the back office's ship form
 * offers these names, and a shipment without a link of its own gets its carrier's page here.
 */

export interface Carrier {
  /** The name staff pick and shoppers see. */
  name: string;
  /** Other spellings staff type for it (compared without case, spaces or punctuation). */
  aliases: readonly string[];
  /** The carrier's tracking page; `{n}` is the tracking number, URL-encoded. */
  url: string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: 'DHL', aliases: ['dhl express', 'dhl parcel', 'deutsche post dhl'], url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}' },
  { name: 'UPS', aliases: ['united parcel service'], url: 'https://www.ups.com/track?tracknum={n}' },
  { name: 'FedEx', aliases: ['federal express'], url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  { name: 'USPS', aliases: ['us postal service', 'united states postal service'], url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}' },
  { name: 'Royal Mail', aliases: [], url: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}' },
  { name: 'DPD', aliases: [], url: 'https://tracking.dpd.de/status/en_US/parcel/{n}' },
  { name: 'GLS', aliases: [], url: 'https://gls-group.com/GROUP/en/parcel-tracking?match={n}' },
  { name: 'PostNL', aliases: [], url: 'https://jouw.postnl.nl/track-and-trace/{n}' },
  { name: 'La Poste', aliases: ['colissimo'], url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}' },
  { name: 'SF Express', aliases: ['sf', 'shunfeng', '顺丰'], url: 'https://www.sf-express.com/chn/en/waybill/waybill-detail/{n}' },
  { name: 'China Post', aliases: ['china ems', 'ems', '中国邮政'], url: 'https://www.ems.com.cn/qps/yjcx?mailNum={n}' },
];

const key = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The carrier a typed name means, if the shop knows it. */
export function carrierOf(name: string): Carrier | null {
  const wanted = key(name);
  if (!wanted) return null;
  return CARRIERS.find((c) => key(c.name) === wanted || c.aliases.some((alias) => key(alias) === wanted)) ?? null;
}

/** The link a shopper follows: the one staff gave, else the known carrier's page, else none. */
export function trackingLink(carrier: string, trackingNumber: string, given?: string | null): string | null {
  if (given) return given;
  const known = carrierOf(carrier);
  return known ? known.url.replace('{n}', encodeURIComponent(trackingNumber)) : null;
}
