/**
 * The banner's promotion text, made from the server's discount tier table (docs/decisions.md)
 * so that what the banner promises is what the cart charges. No percentage is written here.
 * Here rather than beside the banner so the back office's tier editor previews the same words.
 */
import type { DiscountTier } from '../domain/pricing.ts';
import type { TFunction } from './core.ts';

/** One phrase per tier, lowest first: "Buy 3 items, save 10%", ..., "Buy 5 or more, save 20%". */
export function promoPhrases(tiers: readonly DiscountTier[], t: TFunction): string[] {
  const useful = tiers.filter((tier) => tier.percent > 0 && tier.minItems > 0).sort((a, b) => a.minItems - b.minItems);
  return useful.map((tier, index) =>
    index === useful.length - 1
      ? t('layout.banner.promoTierOrMore', { min: tier.minItems, percent: tier.percent })
      : t('layout.banner.promoTier', { min: tier.minItems, percent: tier.percent }),
  );
}
