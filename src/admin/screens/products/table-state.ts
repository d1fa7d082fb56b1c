/**
 * The products table's state (filters as applied, page, sort) and the requests it makes, kept
 * apart from the screen so the mapping is plain data. Money typed in EUR becomes minor units here.
 */
import type { z } from 'zod';
import type { ProductAdminSort, StockState } from '../../../domain/back-office/products.model.ts';
import type { adminProductListRequestSchema, adminStockExportRequestSchema } from '../../../domain/back-office/products.schema.ts';
import type { YesNo } from '../../widgets/FilterBar.tsx';
import { firstPage, sortedPageRequest, type Filters, type SortedTableState } from '../../widgets/sorted-table.ts';

export type ProductFilters = Filters<{ query: string; sport: string; league: string; teamId: number; published: YesNo; stock: StockState }>;

export type ProductTableState = SortedTableState<ProductFilters, ProductAdminSort>;

export const INITIAL_PRODUCT_TABLE: ProductTableState = firstPage('id');

export function filterRequest(filters: ProductFilters): z.input<typeof adminStockExportRequestSchema> {
  const query = filters.query?.trim();
  return {
    ...(query ? { query } : {}),
    ...(filters.sport ? { sport: filters.sport } : {}),
    ...(filters.league ? { league: filters.league } : {}),
    ...(filters.teamId ? { teamId: filters.teamId } : {}),
    ...(filters.published ? { published: filters.published === 'yes' } : {}),
    ...(filters.stock ? { stock: filters.stock } : {}),
  };
}

export function listRequest(state: ProductTableState): z.input<typeof adminProductListRequestSchema> {
  return sortedPageRequest(state, filterRequest);
}

/** EUR typed with up to two decimals, as integer cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function toEuros(cents: number): number {
  return cents / 100;
}
