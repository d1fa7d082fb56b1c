/** The back office's global search (docs/back-office.md "Header"): each kind only for the codes that open it. */
import type { z } from 'zod';
import type { SearchResult } from '../../back-office/search.model.ts';
import type { globalSearchRequestSchema } from '../../back-office/search.schema.ts';
import { post } from '../endpoint.ts';

export const adminSearchApi = {
  search: post<z.input<typeof globalSearchRequestSchema>, SearchResult[]>('/admin/search'),
};
