import type { LocationOption } from '@stockyard/shared';
import type { ComponentProps, ReactNode } from 'react';
import { Select } from '@/components/ui/input';

type LocationSelectProps = Omit<ComponentProps<typeof Select>, 'children'> & {
  id: string;
  /** The options query's state: a disabled select while it loads, a failure line if it failed. */
  state: { isPending: boolean; isError: boolean };
  options: readonly LocationOption[];
  placeholder: string;
  /** What the first line says when there is nothing to choose. */
  emptyText?: string;
  /** Options shown before the list, e.g. a record's current location no longer offered. */
  before?: ReactNode;
};

/**
 * A location picker of a form. Mounted once the options are there, so that the form's value lands
 * on an existing option.
 */
export function LocationSelect({
  id,
  state,
  options,
  placeholder,
  emptyText,
  before,
  ...selectProps
}: LocationSelectProps) {
  if (state.isPending) {
    return (
      <Select id={id} disabled>
        <option>Loading locations...</option>
      </Select>
    );
  }
  const first = state.isError
    ? 'Failed to load locations'
    : options.length === 0 && emptyText
      ? emptyText
      : placeholder;
  return (
    <Select id={id} {...selectProps}>
      <option value="">{first}</option>
      {before}
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </Select>
  );
}
