/**
 * The returns module: returns of unprinted lines and misprint claims with their photos (kept
 * private), from the shopper's request to a refund or a free replacement (docs/back-office.md
 * "Returns and claims"). Alone writes return_requests, return_request_lines and return_photos.
 */
export * from './schema.ts';
export { ReturnService, type ReturnDeps } from './returns.ts';
export { ReturnDesk } from './return-desk.ts';
export { returnRoutes } from './routes.ts';
export { eraseReturns } from './erasure.ts';
export { restockedByReturnsTx } from './records.ts';
