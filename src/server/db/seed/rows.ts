/** The rows the catalogue generator (generate.ts) makes, one shape per table it fills. */
import type { FaqEntry, Size, SizeGuideRow } from '../../../domain/catalogue.schema.ts';
import type { Localised } from '../../../domain/locale.ts';
import type { ZhText } from '../schema.ts';

/** "Now" for the demo data: creation dates are spread over the months before it. */
export const CATALOGUE_EPOCH = new Date('2026-11-01T00:00:00Z');

export interface NavRow {
  tag: string;
  tagName: Localised;
  icon: string;
  parentTag: string | null;
  level: 1 | 2 | 3;
  sort: number;
}

export interface TeamRow {
  tag: string;
  name: Localised;
  sport: string;
  leagueTag: string;
  /** CSS colours, "#rrggbb". */
  colours: string[];
}

export interface PatchRow {
  patchName: Localised;
  patchPrice: number;
  image: string;
  fitsTags: string[];
}

export interface AddonRow {
  teamTag: string;
  kind: 'shorts' | 'socks';
  name: Localised;
  price: number;
  image: string;
}

export interface SquadRow {
  teamTag: string;
  name: string;
  number: string;
}

export interface ProductRow {
  title: string;
  description: string;
  details: string[];
  zh: ZhText;
  price: number;
  compareAtPrice: number | null;
  images: string[];
  tags: string[];
  sport: string;
  teamTag: string;
  printable: boolean;
  customisationFee: number;
  sizeGuide: SizeGuideRow[];
  faq: FaqEntry[];
  rank: number;
  createdAt: Date;
}

export interface SizeRow {
  size: Size;
  stock: number;
  sort: number;
}

export interface CommentRow {
  authorName: string;
  rating: number;
  content: string;
  createdAt: Date;
}

export interface ProductBundle {
  product: ProductRow;
  sizes: SizeRow[];
  comments: CommentRow[];
}

export interface Catalogue {
  navItems: NavRow[];
  teams: TeamRow[];
  patches: PatchRow[];
  addons: AddonRow[];
  squadPlayers: SquadRow[];
  /** Hand-made products (the rest, if any, are synthetic editions and seasons). */
  demoProductCount: number;
  productCount: number;
  /** Every product in order; each call starts again from the first. */
  products(): Generator<ProductBundle>;
  /** One product by its position, 0 <= index < productCount. */
  productAt(index: number): ProductBundle;
}
