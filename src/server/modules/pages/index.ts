/** The pages module: the content pages edited and published in the back office (docs/back-office.md "Pages"). */
export * from './schema.ts';
export { CONTENT_DIR, PageDesk, fileHash, type PageSave } from './page-desk.ts';
export { pageRoutes } from './routes.ts';
