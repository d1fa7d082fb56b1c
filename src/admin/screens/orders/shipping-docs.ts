/**
 * Packing slips and address labels (docs/back-office.md "Shipments"): one PDF for the orders
 * named, fetched with the staff member's token (a plain link would carry none) and handed to the
 * browser as a file, as the invoices are (order-detail/TaxParts.tsx).
 */
import { apiBase } from '../../../client/request-context.ts';
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { downloadForStaff } from '../../widgets/download.ts';

export type ShippingDocKind = 'slip' | 'label';

export function shippingDocsUrl(kind: ShippingDocKind, orderNos: readonly string[]): string {
  return `${apiBase()}${adminShipmentsApi.shippingDocs.path}?kind=${kind}&orders=${orderNos.map(encodeURIComponent).join(',')}`;
}

export async function downloadShippingDocs(kind: ShippingDocKind, orderNos: readonly string[]): Promise<void> {
  await downloadForStaff(shippingDocsUrl(kind, orderNos), 'pdf', orderNos.length === 1 ? `${kind}-${orderNos[0]}.pdf` : `${kind}s-${orderNos.length}.pdf`);
}
