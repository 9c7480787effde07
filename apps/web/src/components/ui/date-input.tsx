import { DATE_FORMAT } from '@stockyard/shared';
import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { dateInputText, isIsoDate, parseDateInput } from '@/lib/dates';
import { Input } from './input';

type DateInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'onChange'
> & {
  /** yyyy-MM-dd, or '' for no date. */
  value: string;
  /**
   * Called as the text changes: with the yyyy-MM-dd of a whole date, '' when the field is
   * emptied, or the text as typed while it is not a date (a form's schema then refuses it).
   */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** Adds the slash after the day and the month as they are typed: 0501 becomes 05/01/. */
function withSlashes(text: string, previous: string): string {
  if (text.length < previous.length) return text;
  // A slash typed out of habit right after the one added is not doubled.
  if (text.endsWith('//')) return text.slice(0, -1);
  return /^\d{2}$|^\d{1,2}\/\d{2}$/.test(text) ? `${text}/` : text;
}

/**
 * A date typed and shown as dd/mm/yyyy whatever the browser's language (a native date input
 * follows the browser's order). The text is marked invalid once the field is left.
 */
export function DateInput({ value, onChange, onBlur, onFocus, ref, ...props }: DateInputProps) {
  const [text, setText] = useState(() => dateInputText(value) || value);
  const [shownValue, setShownValue] = useState(value);
  const [editing, setEditing] = useState(false);

  // A value set from outside (Clear filters, Back, a form reset) replaces the text; the echo of
  // what was typed does not.
  if (value !== shownValue) {
    setShownValue(value);
    const typed = text.trim() === '' ? '' : parseDateInput(text);
    if ((value === '' || isIsoDate(value)) && typed !== value) setText(dateInputText(value));
  }

  const invalid = !editing && text.trim() !== '' && parseDateInput(text) === null;
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_FORMAT}
      maxLength={10}
      {...props}
      aria-invalid={props['aria-invalid'] || invalid || undefined}
      value={text}
      onFocus={(event) => {
        setEditing(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setEditing(false);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const next = withSlashes(event.target.value, text);
        setText(next);
        const trimmed = next.trim();
        onChange(trimmed === '' ? '' : (parseDateInput(trimmed) ?? trimmed));
      }}
    />
  );
}
