/**
 * The back office's one date and date-time field (docs/back-office.md "Date fields"): antd's
 * DatePicker or RangePicker as a form control that never drops what was typed.
 *
 * - A date typed in the format shown (`YYYY-MM-DD HH:mm`, or `YYYY-MM-DD`; with a time, a bare date
 *   is midnight) is kept when the field is left or Enter is pressed: no OK click needed
 *   (antd's date-time pickers otherwise throw an unconfirmed typed value away on blur).
 * - Text that is not a date stays in the field and becomes the field's value as an unreadable
 *   date, so `dateFieldRule` refuses the form with a message naming the text and the format,
 *   rather than the form being sent with the field silently emptied.
 * - Enter in the field keeps the date, closes the calendar (so a refusal shows) and never submits
 *   the form around it.
 */
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { AdminT } from '../i18n.tsx';

dayjs.extend(customParseFormat);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** What a field reads: the format shown first, then a bare date (midnight) where a time is shown. */
function formatsOf(time: boolean): string[] {
  return time ? [DATE_TIME_FORMAT, 'YYYY-MM-DD HH:mm:ss', DATE_FORMAT] : [DATE_FORMAT];
}

/** The text typed into a field that is not a date, by the unreadable value standing for it. */
const typedText = new WeakMap<Dayjs, string>();

/** `text` as a date in one of the field's formats (strict), or null. */
export function readTypedDate(text: string, time: boolean): Dayjs | null {
  const trimmed = text.trim();
  for (const format of formatsOf(time)) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed;
  }
  return null;
}

function unreadable(text: string): Dayjs {
  const value = dayjs(Number.NaN);
  typedText.set(value, text);
  return value;
}

/** A field's value that stands for typed text that is not a date. */
export function isUnreadable(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value) && !value.isValid();
}

function readable(value: Dayjs | null | undefined): Dayjs | null {
  return value && value.isValid() ? value : null;
}

/**
 * The rule every Form.Item holding a date field carries: refuses a typed text that is not a date,
 * naming it and the format (in the user's language).
 */
export function dateFieldRule(t: AdminT, time = true) {
  return {
    validator: async (_rule: unknown, value: Dayjs | null | [Dayjs | null, Dayjs | null] | undefined) => {
      const values = Array.isArray(value) ? value : [value];
      const bad = values.find(isUnreadable);
      if (bad) throw new Error(t('adminFields.date.unreadable', { text: typedText.get(bad) ?? '', format: time ? DATE_TIME_FORMAT : DATE_FORMAT }));
    },
  };
}

/** Reads what the field shows on leaving it or on Enter; answers the value to report, or undefined for no change. */
function settle(text: string, current: Dayjs | null | undefined, time: boolean): Dayjs | null | undefined {
  const trimmed = text.trim();
  // Emptied by hand: the field is empty (a required one then says so), not its old date kept unseen.
  if (!trimmed) return current ? null : undefined;
  const parsed = readTypedDate(trimmed, time);
  if (!parsed) return isUnreadable(current) && typedText.get(current) === trimmed ? undefined : unreadable(trimmed);
  return current && current.isValid() && current.isSame(parsed) ? undefined : parsed;
}

/**
 * What the field shows when it is left is what was typed or picked: it is read at once and
 * reported once the picker has settled its own interaction (which may still hand over the value
 * it held before the last edit), so the text on screen is what the form keeps. `left` says the
 * focus is still elsewhere by then: a field clicked again before that keeps its calendar open
 * (closing it would end the new visit's interaction, and a day picked in it would be dropped).
 */
function afterPicker(report: (texts: string[], left: boolean) => void, event: FocusEvent<HTMLElement>): void {
  const input = event.target as HTMLElement;
  const next = event.relatedTarget as Element | null;
  // Focus moving into the calendar or to the range's other input is not leaving the field (its
  // clear button is: Tab reaches it next).
  if (input.tagName !== 'INPUT' || next?.closest('.ant-picker-dropdown') || (next?.tagName === 'INPUT' && next.closest('.ant-picker') === input.closest('.ant-picker'))) return;
  const texts = fieldTexts(input);
  const field = input.closest('.ant-picker');
  setTimeout(() => report(texts, !field?.contains(document.activeElement)), 0);
}

/** What each input of the field shows (a range has two), start first. */
function fieldTexts(input: Element): string[] {
  return [...(input.closest('.ant-picker')?.querySelectorAll('input') ?? [input as HTMLInputElement])].map((field) => field.value);
}

/** Enter keeps what the field shows (both sides of a range) and never submits the form. */
function holdEnter(event: KeyboardEvent<HTMLInputElement>, onEnter: (texts: string[]) => void): void {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  onEnter(fieldTexts(event.currentTarget));
}

/** The handlers a picker passes on, called after the field's own. */
interface PassedOn<Info> {
  onBlur?: ((event: FocusEvent<HTMLElement>, info: Info) => void) | undefined;
  onKeyDown?: ((event: KeyboardEvent<HTMLElement>, preventDefault: () => void) => void) | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/**
 * What the single and the range field share: the formats, no OK click, the calendar's open state,
 * and the field's texts reported (`report`, start first) when it is left or Enter is pressed.
 */
function useTyping<Info>(time: boolean, report: (texts: string[]) => void, passedOn: PassedOn<Info>) {
  const [open, setOpen] = useState(false);
  return {
    showTime: time ? { format: 'HH:mm' } : false,
    format: formatsOf(time),
    needConfirm: false,
    preserveInvalidOnBlur: true,
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      passedOn.onOpenChange?.(next);
    },
    onBlur: (event: FocusEvent<HTMLElement>, info: Info) => {
      afterPicker((texts, left) => {
        report(texts);
        // Left: the calendar goes too (the range picker may reopen it for the field it has not
        // finished, over the message a refused date shows).
        if (left) setOpen(false);
      }, event);
      passedOn.onBlur?.(event, info);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      holdEnter(event as KeyboardEvent<HTMLInputElement>, (texts) => {
        report(texts);
        setOpen(false);
      });
      passedOn.onKeyDown?.(event, () => event.preventDefault());
    },
  };
}

type SingleProps = Omit<DatePickerProps, 'value' | 'defaultValue' | 'onChange' | 'showTime' | 'format' | 'needConfirm' | 'multiple'> & {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** With the time (hours and minutes; the default) or a date alone. */
  time?: boolean;
};

export function DateTimeField({ value, onChange, time = true, onBlur, onKeyDown, onOpenChange, ...rest }: SingleProps) {
  // The picker is shown the last date the field could read, so typed text that is not a date
  // stays visible beside its error (preserveInvalidOnBlur) instead of being replaced.
  const shown = useRef<Dayjs | null>(null);
  if (!isUnreadable(value)) shown.current = readable(value);
  const latest = useRef(value);
  latest.current = value;
  const typing = useTyping(time, ([text]) => {
    const next = settle(text ?? '', latest.current, time);
    if (next !== undefined) onChange?.(next);
  }, { onBlur, onKeyDown, onOpenChange });
  return <DatePicker {...rest} {...typing} value={shown.current} onChange={(next) => onChange?.(next)} status={isUnreadable(value) ? 'error' : rest.status} />;
}

type RangeValue = [Dayjs | null, Dayjs | null] | null;

type RangeProps = Omit<RangePickerProps, 'value' | 'defaultValue' | 'onChange' | 'showTime' | 'format' | 'needConfirm'> & {
  value?: RangeValue;
  onChange?: (value: RangeValue) => void;
  time?: boolean;
};

export function DateTimeRangeField({ value, onChange, time = true, onBlur, onKeyDown, onOpenChange, ...rest }: RangeProps) {
  const shown = useRef<[Dayjs | null, Dayjs | null] | null>(null);
  const sides: [Dayjs | null, Dayjs | null] = [value?.[0] ?? null, value?.[1] ?? null];
  shown.current = [isUnreadable(sides[0]) ? (shown.current?.[0] ?? null) : readable(sides[0]), isUnreadable(sides[1]) ? (shown.current?.[1] ?? null) : readable(sides[1])];
  const latest = useRef(sides);
  latest.current = sides;
  const typing = useTyping(time, (texts) => {
    const both: [Dayjs | null, Dayjs | null] = [...latest.current];
    let changed = false;
    for (const side of [0, 1] as const) {
      const next = texts[side] === undefined ? undefined : settle(texts[side], latest.current[side], time);
      if (next === undefined) continue;
      both[side] = next;
      changed = true;
    }
    if (changed) onChange?.(both);
  }, { onBlur, onKeyDown, onOpenChange });
  return (
    <DatePicker.RangePicker
      {...rest}
      {...typing}
      value={shown.current}
      onChange={(next) => onChange?.(next ? [next[0] ?? null, next[1] ?? null] : null)}
      status={sides.some(isUnreadable) ? 'error' : rest.status}
    />
  );
}
