/** What the system endpoints answer (src/domain/api/system.ts). */
import type { CurrencyCode, CurrencyInfo } from './money.model.ts';
import type { DiscountTier } from './pricing.ts';

/** The shop's facts the storefront displays, read at build time and by the cart in the browser. */
export interface ShopConfig {
  baseCurrency: CurrencyCode;
  currencies: CurrencyInfo[];
  /** The one tier table: the banner, cart and checkout all use it. */
  discountTiers: DiscountTier[];
  /** EUR minor units. */
  freeShippingThreshold: number;
  maxLineQuantity: number;
}

export interface HealthAnswer {
  status: 'ok';
  database: string;
  uptimeSeconds: number;
}

export interface ReadyAnswer {
  status: 'ok';
  database: string;
}
