import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateInput } from './date-input';

afterEach(cleanup);

/** A date field whose owner keeps what it hands on, like a form or a filter. */
function Owner({
  initial,
  handed,
  outside,
}: {
  initial: string;
  handed: string[];
  outside: { set: (value: string) => void };
}) {
  const [value, setValue] = useState(initial);
  outside.set = setValue;
  return (
    <>
      <label htmlFor="log-date">Date</label>
      <DateInput
        id="log-date"
        value={value}
        onChange={(next) => {
          handed.push(next);
          setValue(next);
        }}
      />
    </>
  );
}

function renderDateField(initial = '') {
  const handed: string[] = [];
  const outside: { set: (value: string) => void } = { set: () => undefined };
  render(<Owner initial={initial} handed={handed} outside={outside} />);
  const input = screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement;
  return {
    input,
    handed,
    type: (text: string) => fireEvent.change(input, { target: { value: text } }),
    setFromOutside: (value: string) => outside.set(value),
  };
}

describe('DateInput', () => {
  it('shows a stored date as dd/mm/yyyy in a text field with a dd/mm/yyyy hint', () => {
    const field = renderDateField('2026-01-05');
    expect(field.input.value).toBe('05/01/2026');
    expect(field.input.type).toBe('text');
    expect(field.input.placeholder).toBe('dd/mm/yyyy');
  });

  it('adds the slashes as the day and month are typed, and hands on the yyyy-MM-dd of a whole date', () => {
    const field = renderDateField();
    field.type('0');
    field.type('05');
    expect(field.input.value).toBe('05/');
    field.type('05//');
    expect(field.input.value).toBe('05/');
    field.type('05/01');
    expect(field.input.value).toBe('05/01/');
    field.type('05/01/2026');
    expect(field.input.value).toBe('05/01/2026');
    expect(field.handed.at(-1)).toBe('2026-01-05');
    field.type('');
    expect(field.handed.at(-1)).toBe('');
  });

  it('lets a slash be deleted without putting it back', () => {
    const field = renderDateField();
    field.type('05');
    expect(field.input.value).toBe('05/');
    field.type('05');
    expect(field.input.value).toBe('05');
  });

  it('hands on a date that does not exist as typed, and marks it once the field is left', () => {
    const field = renderDateField();
    fireEvent.focus(field.input);
    field.type('31/02/2026');
    expect(field.handed.at(-1)).toBe('31/02/2026');
    expect(field.input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.blur(field.input);
    expect(field.input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.focus(field.input);
    field.type('28/02/2026');
    fireEvent.blur(field.input);
    expect(field.input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('keeps the text as typed when its date comes back, and takes a date set from outside', () => {
    const field = renderDateField();
    field.type('5/1/2026');
    expect(field.handed.at(-1)).toBe('2026-01-05');
    expect(field.input.value).toBe('5/1/2026');
    act(() => field.setFromOutside('2025-12-31'));
    expect(field.input.value).toBe('31/12/2025');
  });
});
