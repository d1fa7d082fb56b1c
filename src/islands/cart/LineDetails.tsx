/**
 * What one line holds, as every page lists it: size, print type, the chosen player or the own
 * name and number, premium lettering, patches and add-ons. The cart (drawer and page), the
 * checkout's summary and the order pages all draw their lines' details with this (the mail has
 * its own renderer on the server).
 */
import { CUSTOM_TYPES, type CustomType, type PremiumOption } from '../../domain/personalisation.ts';
import { useTranslation, type MessageKey } from '../../i18n/react.tsx';

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
  const rows: [key: string, label: MessageKey, value: string][] = [
    ['size', 'cart.line.size', line.size],
    ['type', 'cart.line.customType', t(`cart.customType.${line.customType}`)],
  ];
  const player = line.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? line.player : null;
  if (player) rows.push(['player', 'cart.line.player', `${player.name} #${player.number}`]);
  else if (line.customName || line.customNumber) rows.push(['print', 'cart.line.nameNumber', [line.customName, line.customNumber].filter(Boolean).join(' ')]);
  // Only the premium choices: "standard" is what every shirt gets.
  const premium = [
    line.premiumNameOption !== 'Standard' && t('cart.line.premiumName', { option: t(`cart.premium.${line.premiumNameOption}`) }),
    line.premiumNumberOption !== 'Standard' && t('cart.line.premiumNumber', { option: t(`cart.premium.${line.premiumNumberOption}`) }),
  ].filter(Boolean);
  if (line.personalised && premium.length > 0) rows.push(['premium', 'cart.line.premium', premium.join(separator)]);
  if (line.patches.length > 0) rows.push(['patches', 'cart.line.patches', line.patches.map((p) => p.patchName).join(separator)]);
  if (line.addonItems.length > 0) rows.push(['addons', 'cart.line.addons', line.addonItems.map((a) => a.name).join(separator)]);

  return (
    <dl className="cart-line-details">
      {rows.map(([key, label, value]) => (
        <div key={key} data-detail={key}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
