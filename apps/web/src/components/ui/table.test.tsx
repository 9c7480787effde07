import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Folded, ListBody, type ListState, Table, TD, TH } from './table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rowsOf(state: ListState, count: number, onRetry = vi.fn(), names = ['North Yard']) {
  return (
    <table>
      <ListBody
        state={state}
        columns={4}
        count={count}
        loading="Loading locations..."
        failed="Failed to fetch locations."
        empty="No locations found."
        onRetry={onRetry}
      >
        {names.map((name) => (
          <tr key={name}>
            <td>{name}</td>
          </tr>
        ))}
      </ListBody>
    </table>
  );
}

function renderRows(state: ListState, count: number, onRetry = vi.fn()) {
  render(rowsOf(state, count, onRetry));
  return onRetry;
}

describe('ListBody', () => {
  it('puts the rows in as a new body in place of the outline, and keeps the body while only the rows change (issue 52)', () => {
    const view = render(rowsOf('loading', 0));
    const outline = document.querySelector('tbody');
    view.rerender(rowsOf('ready', 1));
    const rows = document.querySelector('tbody');
    expect(rows).not.toBe(outline);
    expect(outline?.isConnected).toBe(false);
    expect(document.querySelectorAll('tbody')).toHaveLength(1);
    view.rerender(rowsOf('ready', 2, vi.fn(), ['North Yard', 'Riverside Site']));
    expect(document.querySelector('tbody')).toBe(rows);
    expect(screen.getByRole('cell', { name: 'Riverside Site' })).toBeTruthy();
  });

  it('shows the rows waiting to be sent before and after the list, whatever it shows', () => {
    render(
      <table>
        <ListBody
          state="loading"
          columns={4}
          count={0}
          loading="Loading locations..."
          failed="Failed to fetch locations."
          empty="No locations found."
          onRetry={vi.fn()}
          before={
            <tr>
              <td>Waiting first</td>
            </tr>
          }
          after={
            <tr>
              <td>Waiting last</td>
            </tr>
          }
        >
          {null}
        </ListBody>
      </table>,
    );
    const cells = [...document.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells[0]).toBe('Waiting first');
    expect(cells.at(-1)).toBe('Waiting last');
  });

  it('shows the loading text across every column while the list loads', () => {
    renderRows('loading', 0);
    const cell = screen.getByRole('cell', { name: 'Loading locations...' });
    expect(cell.getAttribute('colspan')).toBe('4');
    expect(screen.getByRole('status').textContent).toBe('Loading locations...');
    expect(screen.queryByText('North Yard')).toBeNull();
  });

  it("shows the outline of a page of rows across the table's columns while the list loads (issue 52)", () => {
    renderRows('loading', 0);
    const rows = document.querySelectorAll('tr[data-skeleton]');
    // One row of one cell: its bars are drawn by one element (index.css .table-skeleton), so that
    // taking the outline away when the rows come removes a handful of elements, not a page of rows.
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.querySelectorAll('td');
    expect(cells).toHaveLength(1);
    expect(cells[0]?.getAttribute('colspan')).toBe('4');
    expect(rows[0]!.querySelectorAll('*').length).toBeLessThanOrEqual(3);
    expect(rows[0]!.querySelector('.table-skeleton')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('replaces the skeleton rows with the rows once they arrive', () => {
    renderRows('ready', 1);
    expect(document.querySelectorAll('tr[data-skeleton]')).toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the failure with a Retry that fetches the list again', () => {
    const onRetry = renderRows('error', 0);
    expect(screen.getByText('Failed to fetch locations.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('North Yard')).toBeNull();
  });

  it('shows the empty text when the list has no rows', () => {
    renderRows('ready', 0);
    expect(screen.getByRole('cell', { name: 'No locations found.' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the rows once there are some', () => {
    renderRows('ready', 1);
    expect(screen.getByRole('cell', { name: 'North Yard' })).toBeTruthy();
    expect(screen.queryByText('No locations found.')).toBeNull();
  });
});

describe('Table', () => {
  /** A browser's layout in jsdom: the box is `box` pixels wide, the table `content`. */
  function layout(box: number, content: number) {
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {
          observers.push(() => this.callback());
        }
        observe() {}
        disconnect() {}
      },
    );
    const widths = { box, content };
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => widths.box);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() =>
      Math.max(widths.box, widths.content),
    );
    return {
      resize(next: number) {
        widths.box = next;
        act(() => {
          for (const notify of observers) notify();
        });
      },
    };
  }

  function renderTable() {
    render(
      <Table aria-label="Locations">
        <tbody>
          <tr>
            <td>North Yard</td>
          </tr>
        </tbody>
      </Table>,
    );
  }

  it('is named, and is no region and no tab stop while it fits the screen', () => {
    layout(1280, 900);
    renderTable();
    expect(screen.getByRole('table', { name: 'Locations' })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement?.hasAttribute('tabindex')).toBe(false);
  });

  it('scrolling sideways on a narrow screen, is a region of its name that a keyboard reaches', () => {
    const screenWidth = layout(1280, 900);
    renderTable();
    screenWidth.resize(390);
    const region = screen.getByRole('region', { name: 'Locations' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table', { name: 'Locations' }))).toBe(true);

    screenWidth.resize(1280);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('builds a column only from its breakpoint, and what a row folds under its name only below it, following the window (issue 52)', () => {
    const listeners = new Set<() => void>();
    let width = 412;
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0);
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    render(
      <Table aria-label="Inventory items">
        <thead>
          <tr>
            <TH>Name</TH>
            <TH from="sm">Quantity</TH>
            <TH from="md">Unit</TH>
          </tr>
        </thead>
        <tbody>
          <tr>
            <TD>
              Scaffold tube
              <Folded until="sm">
                <p>40 Pieces</p>
              </Folded>
            </TD>
            <TD from="sm">40</TD>
            <TD from="md">Pieces</TD>
          </tr>
        </tbody>
      </Table>,
    );
    const built = () => [...document.querySelectorAll('th, td, p')].map((cell) => cell.textContent);
    // A phone: one column, the rest folded under the name; nothing hidden is made at all.
    expect(built()).toEqual(['Name', 'Scaffold tube40 Pieces', '40 Pieces']);
    const resize = (to: number) =>
      act(() => {
        width = to;
        for (const listener of listeners) listener();
      });
    resize(700);
    expect(built()).toEqual(['Name', 'Quantity', 'Scaffold tube', '40']);
    resize(1280);
    expect(built()).toEqual(['Name', 'Quantity', 'Unit', 'Scaffold tube', '40', 'Pieces']);
    resize(412);
    expect(built()).toEqual(['Name', 'Scaffold tube40 Pieces', '40 Pieces']);
  });
});
