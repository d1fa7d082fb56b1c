/**
 * The banner's promotion text, made from the server's discount tier table (docs/decisions.md)
 * so that what the banner promises is what the cart charges. No percentage is written here.
 */
import type { DiscountTier } from '../../domain/pricing.ts';
import type { TFunction } from '../../i18n/index.ts';

/** One phrase per tier, lowest first: "Buy 3 items, save 10%", ..., "Buy 5 or more, save 20%". */
export function promoPhrases(tiers: readonly DiscountTier[], t: TFunction): string[] {
  const useful = tiers.filter((tier) => tier.percent > 0 && tier.minItems > 0).sort((a, b) => a.minItems - b.minItems);
  return useful.map((tier, index) =>
    index === useful.length - 1
      ? t('layout.banner.promoTierOrMore', { min: tier.minItems, percent: tier.percent })
      : t('layout.banner.promoTier', { min: tier.minItems, percent: tier.percent }),
  );
}

/**
 * Splits a translated sentence around a placeholder value, so markup (a price the header script
 * re-renders) can sit inside text whose word order each language decides.
 */
export function splitAround(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0) return [text, ''];
  return [text.slice(0, at), text.slice(at + marker.length)];
}
