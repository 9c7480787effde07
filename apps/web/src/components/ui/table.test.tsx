import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListRows, type ListState } from './table';

afterEach(cleanup);

function renderRows(state: ListState, count: number, onRetry = vi.fn()) {
  render(
    <table>
      <tbody>
        <ListRows
          state={state}
          columns={4}
          count={count}
          loading="Loading locations..."
          failed="Failed to fetch locations."
          empty="No locations found."
          onRetry={onRetry}
        >
          <tr>
            <td>North Yard</td>
          </tr>
        </ListRows>
      </tbody>
    </table>,
  );
  return onRetry;
}

describe('ListRows', () => {
  it('shows the loading text across every column while the list loads', () => {
    renderRows('loading', 0);
    const cell = screen.getByRole('cell', { name: 'Loading locations...' });
    expect(cell.getAttribute('colspan')).toBe('4');
    expect(screen.queryByText('North Yard')).toBeNull();
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
