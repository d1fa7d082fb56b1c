/**
 * The products table's state (filters as applied, page, sort) and the requests it makes, kept
 * apart from the screen so the mapping is plain data. Money typed in EUR becomes minor units here.
 */
import type { z } from 'zod';
import type { ProductAdminSort, StockState } from '../../../domain/back-office/products.model.ts';
import type { adminProductListRequestSchema, adminStockExportRequestSchema } from '../../../domain/back-office/products.schema.ts';

export const PRODUCTS_PAGE_SIZES = [20, 50, 100] as const;

export interface ProductFilters {
  query?: string | undefined;
  sport?: string | undefined;
  league?: string | undefined;
  teamId?: number | undefined;
  /** 'yes' / 'no' from the select; empty for either. */
  published?: 'yes' | 'no' | undefined;
  stock?: StockState | undefined;
}

export interface ProductTableState {
  filters: ProductFilters;
  current: number;
  size: number;
  sort: ProductAdminSort;
  order: 'asc' | 'desc';
}

export const INITIAL_PRODUCT_TABLE: ProductTableState = { filters: {}, current: 1, size: 20, sort: 'id', order: 'desc' };

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
  return { ...filterRequest(state.filters), current: state.current, size: state.size, sort: state.sort, order: state.order };
}

/** EUR typed with up to two decimals, as integer cents. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function toEuros(cents: number): number {
  return cents / 100;
}
