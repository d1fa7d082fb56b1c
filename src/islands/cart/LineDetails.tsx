/**
 * What one line holds, as every page lists it: size, print type, the chosen player or the own
 * name and number, premium lettering, patches and add-ons. The cart (drawer and page), the
 * checkout's summary and the order pages all draw their lines' details with this (the mail has
 * its own renderer on the server).
 */
import { CUSTOM_TYPES, type CustomType, type PremiumOption } from '../../domain/personalisation.ts';
import { useTranslation } from '../../i18n/react.tsx';

/** The parts of a cart, quote or order line that the details show. */
export interface LineDetailsLine {
  size: string;
  customType: CustomType;
  /** The chosen player (cart and checkout lines; an order line keeps the printed name and number instead). */
  player?: { name: string; number: string } | null;
  customName: string | null;
  customNumber: string | null;
  premiumNameOption: PremiumOption;
  premiumNumberOption: PremiumOption;
  personalised: boolean;
  patches: readonly { patchName: string }[];
  addonItems: readonly { name: string }[];
}

export function LineDetails({ line }: { line: LineDetailsLine }) {
  const { t } = useTranslation();
  const separator = t('cart.line.separator');
  const rows: { key: string; label: string; value: string }[] = [
    { key: 'size', label: t('cart.line.size'), value: line.size },
    { key: 'type', label: t('cart.line.customType'), value: t(`cart.customType.${line.customType}`) },
  ];
  const player = line.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? line.player : null;
  if (player) rows.push({ key: 'player', label: t('cart.line.player'), value: `${player.name} #${player.number}` });
  else if (line.customName || line.customNumber) {
    rows.push({ key: 'print', label: t('cart.line.nameNumber'), value: [line.customName, line.customNumber].filter(Boolean).join(' ') });
  }
  if (line.personalised && (line.premiumNameOption !== 'Standard' || line.premiumNumberOption !== 'Standard')) {
    rows.push({
      key: 'premium',
      label: t('cart.line.premium'),
      // Only the premium choices: "standard" is what every shirt gets.
      value: [
        line.premiumNameOption !== 'Standard' ? t('cart.line.premiumName', { option: t(`cart.premium.${line.premiumNameOption}`) }) : null,
        line.premiumNumberOption !== 'Standard' ? t('cart.line.premiumNumber', { option: t(`cart.premium.${line.premiumNumberOption}`) }) : null,
      ]
        .filter(Boolean)
        .join(separator),
    });
  }
  if (line.patches.length > 0) rows.push({ key: 'patches', label: t('cart.line.patches'), value: line.patches.map((p) => p.patchName).join(separator) });
  if (line.addonItems.length > 0) rows.push({ key: 'addons', label: t('cart.line.addons'), value: line.addonItems.map((a) => a.name).join(separator) });

  return (
    <dl className="cart-line-details">
      {rows.map((row) => (
        <div key={row.key} data-detail={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
