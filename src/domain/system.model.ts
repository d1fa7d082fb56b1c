/** What the system endpoints answer (src/domain/api/system.ts). */
import type { CurrencyCode, CurrencyInfo } from './money.model.ts';
import type { DiscountTier } from './pricing.ts';
import type { BannerSettings } from './settings.model.ts';

/** The shop's facts the storefront displays, read at build time and by the cart in the browser. */
export interface ShopConfig {
  baseCurrency: CurrencyCode;
  /** The currencies shoppers may choose (the settings' `shown`, the base currency always), with the shop's exchange rates of the moment. */
  currencies: CurrencyInfo[];
  /** The day the exchange rates were set (YYYY-MM-DD). */
  ratesSetOn: string;
  /** Where the rates come from, in the merchant's words ('' when not said). */
  ratesSource: string;
  /** The one tier table: the banner, cart and checkout all use it. */
  discountTiers: DiscountTier[];
  /** EUR minor units. */
  freeShippingThreshold: number;
  maxLineQuantity: number;
  /** The promotion banner (the shop's settings). */
  banner: BannerSettings;
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
