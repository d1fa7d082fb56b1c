/**
 * Packing slips and address labels (docs/back-office.md "Shipments"): one PDF for the orders
 * named, fetched with the staff member's token (a plain link would carry none) and handed to the
 * browser as a file, as the invoices are (order-detail/TaxParts.tsx).
 */
import { call } from '../../../client/http.ts';
import { apiBase, currentAccessToken } from '../../../client/request-context.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { adminStaffApi } from '../../../domain/api/admin/staff.ts';

export type ShippingDocKind = 'slip' | 'label';

export function shippingDocsUrl(kind: ShippingDocKind, orderNos: readonly string[]): string {
  return `${apiBase()}${adminShipmentsApi.shippingDocs.path}?kind=${kind}&orders=${orderNos.map(encodeURIComponent).join(',')}`;
}

export async function downloadShippingDocs(kind: ShippingDocKind, orderNos: readonly string[]): Promise<void> {
  // The ping first lets the HTTP layer renew an expired token.
  await call(adminStaffApi.ping, undefined, { silent: true });
  const token = currentAccessToken();
  const response = await fetch(shippingDocsUrl(kind, orderNos), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('pdf')) throw new Error(`${kind}: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = orderNos.length === 1 ? `${kind}-${orderNos[0]}.pdf` : `${kind}s-${orderNos.length}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
