import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/input';

type Pickable = { id: number; name: string };

/** Where the options stand: 'idle' while nothing can be loaded yet (no location chosen). */
export type MaterialOptionsState = 'idle' | 'loading' | 'error' | 'ready';

/** Where a query of options stands; `idle` while it cannot run yet (no location chosen). */
export function optionsState(
  query: { isPending: boolean; isError: boolean },
  idle = false,
): MaterialOptionsState {
  if (idle) return 'idle';
  return query.isPending ? 'loading' : query.isError ? 'error' : 'ready';
}

type MaterialSelectProps<Material extends Pickable> = Omit<
  ComponentProps<typeof Select>,
  'children'
> & {
  state: MaterialOptionsState;
  materials: readonly Material[];
  /** An option's words, e.g. 'Scaffold tube (Stock: 40 Each)'. */
  optionText: (material: Material) => string;
  /** The location each option is grouped under; none, one list. */
  groupOf?: (material: Material) => { id: number; name: string };
  /** The first line while the options are idle. */
  idleText?: string;
  /** The first line when there is nothing to choose. */
  emptyText: string;
  /** The chosen material, offered by the name it was saved under when it is not among the options. */
  chosen?: { id: string; name: string };
};

/** Options under the location that holds them, in the order they come. */
function grouped<Material extends Pickable>(
  materials: readonly Material[],
  groupOf: (material: Material) => { id: number; name: string },
) {
  const groups = new Map<number, { name: string; materials: Material[] }>();
  for (const material of materials) {
    const { id, name } = groupOf(material);
    const group = groups.get(id) ?? { name, materials: [] };
    group.materials.push(material);
    groups.set(id, group);
  }
  return [...groups.entries()].map(([id, group]) => ({ id, ...group }));
}

/**
 * A material picker of a form (a rental's items, a bulk request's, an invoice's usage, a customer's
 * rate of a catalogue type).
 */
export function MaterialSelect<Material extends Pickable>({
  state,
  materials,
  optionText,
  groupOf,
  idleText = '',
  emptyText,
  chosen,
  ...selectProps
}: MaterialSelectProps<Material>) {
  const first =
    state === 'idle'
      ? idleText
      : state === 'loading'
        ? 'Loading materials...'
        : state === 'error'
          ? 'Failed to load materials'
          : materials.length === 0
            ? emptyText
            : 'Select material';
  const offered = materials.some((material) => String(material.id) === chosen?.id);
  const option = (material: Material) => (
    <option key={material.id} value={material.id}>
      {optionText(material)}
    </option>
  );
  return (
    <Select {...selectProps}>
      <option value="">{first}</option>
      {chosen?.id && !offered ? (
        <option value={chosen.id}>{chosen.name || chosen.id}</option>
      ) : null}
      {groupOf
        ? grouped(materials, groupOf).map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.materials.map(option)}
            </optgroup>
          ))
        : materials.map(option)}
    </Select>
  );
}
