/**
 * The back office's parcels (docs/back-office.md "Shipments"): ship part of an order, correct a
 * parcel's carrier and tracking number, bulk ship from a CSV (dry run, then apply), and the packing
 * slips and address labels as PDF. Staff only, each behind its permission code.
 */
import type { z } from 'zod';
import type { OrderDetail } from '../../orders.model.ts';
import type { ShipCsvAnswer } from '../../shipments.model.ts';
import type { bulkShipRequestSchema, correctShipmentRequestSchema, shipParcelRequestSchema, shippingDocsRequestSchema } from '../../shipments.schema.ts';
import { get, post, type PdfDownload } from '../endpoint.ts';

export const adminShipmentsApi = {
  shipParcel: post<z.input<typeof shipParcelRequestSchema>, OrderDetail>('/admin/orders/shipParcel'),
  correctShipment: post<z.input<typeof correctShipmentRequestSchema>, OrderDetail>('/admin/orders/correctShipment'),
  bulkShip: post<z.input<typeof bulkShipRequestSchema>, ShipCsvAnswer>('/admin/orders/bulkShip'),
  /** `?kind=slip|label&orders=JS-...,JS-...` (order:sheet); answers application/pdf, not the envelope. */
  shippingDocs: get<z.input<typeof shippingDocsRequestSchema>, PdfDownload>('/admin/orders/shippingDocs.pdf'),
};
