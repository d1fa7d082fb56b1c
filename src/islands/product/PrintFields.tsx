/**
 * The configurator's printing: the player (type 2) or an own name and number (type 3), the
 * premium lettering of each, and the back of the shirt as it will be printed.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { CUSTOM_TYPES, LETTERING_PARTS, PREMIUM_OPTIONS, PREMIUM_OPTION_FEE_EUR, upperAscii, type PremiumOption } from '../../domain/personalisation.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { Field } from '../form/Field.tsx';
import type { Configuration, ConfigurableProduct } from './configuration.ts';
import { ShirtPreview } from './ShirtPreview.tsx';

/** The configurator's look of the shared field (product.css). */
export const CONFIGURATOR_LOOK = { field: 'field', hint: 'field-hint', error: 'field-error' };

export interface PrintFieldsProps {
  idPrefix: string;
  config: Configuration;
  product: ConfigurableProduct;
  /** What is printed (the player's or the typed name and number). */
  text: { name: string; number: string };
  /** The back of the shirt, for the preview. */
  back: string | undefined;
  update(change: Partial<Configuration>): void;
  /** Marks a field left (its "required" message may show from then on). */
  leave(field: 'player' | 'name' | 'number'): () => void;
  errors: { player: string | null; name: string | null; number: string | null };
  refs: { player: RefObject<HTMLSelectElement | null>; name: RefObject<HTMLInputElement | null>; number: RefObject<HTMLInputElement | null> };
  money(eurMinor: number): string;
}

export function PrintFields({ idPrefix, config, product, text, back, update, leave, errors, refs, money }: PrintFieldsProps) {
  const { t } = useTranslation();
  // React moves the caret to the end when it rewrites an input's value (upper-casing); put it back.
  const nameSelection = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    const selection = nameSelection.current;
    if (selection && refs.name.current) refs.name.current.setSelectionRange(selection[0], selection[1]);
    nameSelection.current = null;
  });

  return (
    <div className="cfg-print">
      <div className="cfg-print-fields">
        {config.customType === CUSTOM_TYPES.CHOOSE_PLAYER ? (
          <Field id={`${idPrefix}-player`} look={CONFIGURATOR_LOOK} liveError label={t('configurator.player.label')} error={errors.player}>
            {(described) => (
              <select
                {...described}
                className="input input--compact"
                ref={refs.player}
                value={config.playerId ?? ''}
                onChange={(event) => update({ playerId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
                onBlur={leave('player')}
              >
                <option value="">{t('configurator.player.choose')}</option>
                {product.squad.map((player) => (
                  <option key={player.id} value={player.id}>
                    {t('configurator.player.option', { number: player.number, name: player.name })}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <>
            <Field
              id={`${idPrefix}-name`}
              look={CONFIGURATOR_LOOK}
              liveError
              label={t('configurator.name.label')}
              hint={`${t('configurator.name.hint')} · ${t('configurator.name.count', { count: [...config.name].length })}`}
              error={errors.name}
            >
              {(described) => (
                <input
                  {...described}
                  className="input input--compact"
                  ref={refs.name}
                  type="text"
                  value={config.name}
                  onChange={(event) => {
                    const input = event.currentTarget;
                    nameSelection.current = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
                    update({ name: upperAscii(input.value) });
                  }}
                  onBlur={leave('name')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              )}
            </Field>
            <Field id={`${idPrefix}-number`} look={CONFIGURATOR_LOOK} liveError label={t('configurator.number.label')} hint={t('configurator.number.hint')} error={errors.number}>
              {(described) => (
                <input
                  {...described}
                  ref={refs.number}
                  className="input input--compact number-input"
                  type="text"
                  inputMode="numeric"
                  value={config.number}
                  onChange={(event) => update({ number: event.currentTarget.value })}
                  onBlur={leave('number')}
                  autoComplete="off"
                />
              )}
            </Field>
          </>
        )}
        {/* The premium lettering of each part (the name, then the number): each its own choice. */}
        {LETTERING_PARTS.map(({ part, field }) => (
          <PremiumSelect
            key={part}
            id={`${idPrefix}-premium-${part}`}
            label={t(`configurator.premium.${part}`)}
            value={config[field]}
            onChange={(value) => update({ [field]: value })}
            extra={money(PREMIUM_OPTION_FEE_EUR)}
          />
        ))}
      </div>
      {back ? <ShirtPreview image={back} name={text.name} number={text.number} premiumNameOption={config.premiumNameOption} premiumNumberOption={config.premiumNumberOption} /> : null}
    </div>
  );
}

function PremiumSelect({ id, label, value, onChange, extra }: { id: string; label: string; value: PremiumOption; onChange: (value: PremiumOption) => void; extra: string }) {
  const { t } = useTranslation();
  return (
    <Field id={id} look={CONFIGURATOR_LOOK} label={label}>
      {(described) => (
        <select {...described} className="input input--compact" value={value} onChange={(event) => onChange(event.currentTarget.value as PremiumOption)}>
          {PREMIUM_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {option === 'Standard' ? t('configurator.premium.Standard') : t('configurator.premium.extra', { option: t(`configurator.premium.${option}`), price: extra })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
