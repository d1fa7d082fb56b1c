/**
 * A birthday as three selects, day, month (named in the page's language) and year
 * (docs/accounts-and-security.md "Account pages"), with one message for the three. What
 * the selects hold and what is wrong with it are in `birthday.ts`.
 */
import { useMemo } from 'react';
import type { Locale } from '../../domain/locale.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { birthdayYears, type BirthdayParts } from './birthday.ts';
import { FieldError } from './form.tsx';

function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2000, index, 1)));
}

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

export interface BirthdayFieldProps {
  /** The fieldset's id: the selects are `{id}-day`, `{id}-month`, `{id}-year`, the message `{id}-error`. */
  id: string;
  locale: Locale;
  value: BirthdayParts;
  /**
   * One select changed. A part, not the whole date, so the form merges it into its latest
   * values: autofill can change all three in one event.
   */
  onPart(part: keyof BirthdayParts, value: string): void;
  error?: string | undefined;
}

export function BirthdayField({ id, locale, value, onPart, error }: BirthdayFieldProps) {
  const { t } = useTranslation();
  const months = useMemo(() => monthNames(locale).map((name, index) => ({ value: index + 1, label: name })), [locale]);
  const years = useMemo(() => birthdayYears(new Date()).map((year) => ({ value: year, label: year })), []);
  const days = useMemo(() => DAYS.map((day) => ({ value: day, label: day })), []);
  const describedBy = error ? `${id}-error` : undefined;

  const select = (part: keyof BirthdayParts, options: readonly { value: number; label: string | number }[]) => (
    <div>
      <label htmlFor={`${id}-${part}`}>{t(`account.fields.${part}`)}</label>
      <select
        className="input"
        id={`${id}-${part}`}
        autoComplete={`bday-${part}`}
        value={value[part]}
        onChange={(event) => onPart(part, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">–</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <fieldset className="account-fieldset" aria-describedby={describedBy}>
      <legend>{t('account.fields.birthday')}</legend>
      <div className="account-date">
        {select('day', days)}
        {select('month', months)}
        {select('year', years)}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
