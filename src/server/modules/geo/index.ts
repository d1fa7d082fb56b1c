/** The geo module: countries and their states (read by addresses, shipping and the storefront). */
export * from './schema.ts';
export { GeoService } from './geo.ts';
