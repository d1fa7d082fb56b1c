/**
 * The editor's form values and the save request they make: prices are typed in EUR and sent as
 * integer cents; an empty compare-at price or team is null.
 */
import type { z } from 'zod';
import type { FaqEntry, Size, SizeGuideRow } from '../../../domain/catalogue.model.ts';
import type { AdminProduct } from '../../../domain/back-office/products.model.ts';
import type { adminProductUpdateRequestSchema } from '../../../domain/back-office/products.schema.ts';
import type { TaxClass } from '../../../domain/tax/tax.model.ts';
import { toCents, toEuros } from '../products/table-state.ts';

export interface EditorValues {
  /** Empty on a new product: the server makes one from the title. */
  handle: string;
  title: { 'en-US': string; 'zh-CN': string };
  description: { 'en-US': string; 'zh-CN': string };
  price: number | null;
  compareAtPrice: number | null;
  customisationFee: number | null;
  taxClass: TaxClass;
  sport: string | undefined;
  teamId: number | null | undefined;
  tags: string[];
  printable: boolean;
  /** `was`: the stock as read, for sizes the product had (the server moves stock by the difference). */
  sizes: { size: Size; stock: number; was?: number }[];
  sizeGuide: SizeGuideRow[];
  faq: { 'en-US': FaqEntry[]; 'zh-CN': FaqEntry[] };
}

export const NEW_PRODUCT: EditorValues = {
  handle: '',
  title: { 'en-US': '', 'zh-CN': '' },
  description: { 'en-US': '', 'zh-CN': '' },
  price: null,
  compareAtPrice: null,
  customisationFee: 0,
  taxClass: 'standard',
  sport: undefined,
  teamId: null,
  tags: [],
  printable: true,
  sizes: (['S', 'M', 'L', 'XL'] as const).map((size) => ({ size, stock: 0 })),
  sizeGuide: [],
  faq: { 'en-US': [], 'zh-CN': [] },
};

export function valuesOf(product: AdminProduct): EditorValues {
  return {
    handle: product.handle,
    title: product.title,
    description: product.description,
    price: toEuros(product.price),
    compareAtPrice: product.compareAtPrice === null ? null : toEuros(product.compareAtPrice),
    customisationFee: toEuros(product.customisationFee),
    taxClass: product.taxClass,
    sport: product.sport,
    teamId: product.teamId,
    tags: product.tags,
    printable: product.printable,
    sizes: product.sizes.map((s) => ({ ...s, was: s.stock })),
    sizeGuide: product.sizeGuide,
    faq: product.faq,
  };
}

/** The editor always sends its tags (a new product's start as its sport's and team's entries). */
export function requestOf(values: EditorValues): Omit<z.input<typeof adminProductUpdateRequestSchema>, 'id' | 'version'> {
  const handle = values.handle?.trim() ?? '';
  return {
    ...(handle ? { handle } : {}),
    title: { 'en-US': values.title['en-US'] ?? '', 'zh-CN': values.title['zh-CN'] ?? '' },
    description: { 'en-US': values.description['en-US'] ?? '', 'zh-CN': values.description['zh-CN'] ?? '' },
    price: toCents(values.price ?? 0),
    compareAtPrice: values.compareAtPrice === null || values.compareAtPrice === undefined ? null : toCents(values.compareAtPrice),
    customisationFee: toCents(values.customisationFee ?? 0),
    taxClass: values.taxClass ?? 'standard',
    sport: values.sport ?? '',
    teamId: values.teamId ?? null,
    tags: values.tags ?? [],
    printable: values.printable,
    sizes: (values.sizes ?? []).map(({ size, stock, was }) => (was === undefined ? { size, stock } : { size, stock, was })),
    sizeGuide: values.sizeGuide ?? [],
    faq: { 'en-US': values.faq?.['en-US'] ?? [], 'zh-CN': values.faq?.['zh-CN'] ?? [] },
  };
}
