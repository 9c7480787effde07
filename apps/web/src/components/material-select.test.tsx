import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type MaterialOptionsState, MaterialSelect, optionsState } from './material-select';

afterEach(cleanup);

const MATERIALS = [
  { id: 1, name: 'Scaffold tube', location: { id: 10, name: 'North Yard' } },
  { id: 2, name: 'Board', location: { id: 20, name: 'South Site' } },
  { id: 3, name: 'Clamp', location: { id: 10, name: 'North Yard' } },
];

function picker(
  state: MaterialOptionsState,
  extra: Partial<ComponentProps<typeof MaterialSelect<(typeof MATERIALS)[number]>>> = {},
) {
  render(
    <MaterialSelect
      aria-label="Material 1"
      state={state}
      materials={MATERIALS}
      optionText={(material) => material.name}
      idleText="Select a From location first"
      emptyText="No materials at this location"
      {...extra}
    />,
  );
  const select = screen.getByRole('combobox', { name: 'Material 1' });
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('optionsState', () => {
  it('is idle while the query cannot run, then follows it', () => {
    expect(optionsState({ isPending: true, isError: false }, true)).toBe('idle');
    expect(optionsState({ isPending: true, isError: false })).toBe('loading');
    expect(optionsState({ isPending: false, isError: true })).toBe('error');
    expect(optionsState({ isPending: false, isError: false }, false)).toBe('ready');
  });
});

describe('MaterialSelect', () => {
  it("says where its options stand in the first line, under the form's accessible name", () => {
    expect(picker('idle')[0]).toBe('Select a From location first');
    cleanup();
    expect(picker('loading')[0]).toBe('Loading materials...');
    cleanup();
    expect(picker('error')[0]).toBe('Failed to load materials');
    cleanup();
    expect(picker('ready', { materials: [] })).toEqual(['No materials at this location']);
    cleanup();
    expect(picker('ready')).toEqual(['Select material', 'Scaffold tube', 'Board', 'Clamp']);
  });

  it('offers the chosen material by its saved name when it is not among the options', () => {
    expect(picker('ready', { value: '9', chosen: { id: '9', name: 'Old ladder' } })).toEqual([
      'Select material',
      'Old ladder',
      'Scaffold tube',
      'Board',
      'Clamp',
    ]);
    cleanup();
    expect(picker('ready', { value: '1', chosen: { id: '1', name: 'Scaffold tube' } })).toEqual([
      'Select material',
      'Scaffold tube',
      'Board',
      'Clamp',
    ]);
  });

  it('groups the options under the location that holds them', () => {
    picker('ready', { groupOf: (material) => material.location });
    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'North Yard',
      'South Site',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Scaffold tube', 'Clamp']);
  });
});
