/** The back office's parcels (docs/back-office.md "Shipments"): ship part of an order, correct a parcel, bulk ship from a CSV; order:move. */
import { adminShipmentsApi } from '../../../domain/api/admin/shipments.ts';
import { PERMISSIONS } from '../../../domain/back-office/staff.model.ts';
import { bulkShipRequestSchema, correctShipmentRequestSchema, shipParcelRequestSchema } from '../../../domain/shipments.schema.ts';
import type { Guards } from '../../http/auth.ts';
import { backOfficeCalls } from '../../http/define-route.ts';
import type { OrderService } from './orders.ts';
import type { ShipmentDesk } from './shipment-desk.ts';

export function shipmentRoutes(orders: OrderService, desk: ShipmentDesk, guards: Guards) {
  return backOfficeCalls(guards, [PERMISSIONS.ORDER_MOVE], (move) => {
    move(
      adminShipmentsApi.shipParcel,
      'Ship part of an order: lines and quantities (never more than is left), carrier, tracking number; the order becomes partially shipped, or shipped once every line is in a parcel; audited, the shopper mailed',
      shipParcelRequestSchema,
      async ({ body, staff, locale }) => orders.detail(await desk.shipParcel(body, staff), locale),
    );
    move(
      adminShipmentsApi.correctShipment,
      "Correct a parcel's carrier and tracking number: audited before and after, the shopper mailed once",
      correctShipmentRequestSchema,
      async ({ body, staff, locale }) => orders.detail(await desk.correct(body, staff), locale),
    );
    move(
      adminShipmentsApi.bulkShip,
      'Bulk ship from a CSV (order_no, carrier, tracking_number, optional tracking_url and lines): every row answered with its parcel or its error; with apply, the good rows ship (bad rows are skipped), one mail per order',
      bulkShipRequestSchema,
      ({ body, staff, locale }) => desk.bulkShip(body.csv, body.apply, staff, locale),
      { bodyLimit: 450_000 },
    );
  });
}
