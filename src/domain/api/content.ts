/** The content pages the back office published, for the static build (src/content.config.ts): public, as the pages themselves are. */
import type { PublishedContentPage } from '../back-office/pages.model.ts';
import { get, type NoRequest } from './endpoint.ts';

export const contentApi = {
  publishedPages: get<NoRequest, PublishedContentPage[]>('/content/published-pages'),
};
