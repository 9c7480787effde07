import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditDeleteButtons } from './row-actions';

afterEach(cleanup);

function renderInRow(deleteBlocked?: string) {
  const calls = { row: vi.fn(), edit: vi.fn(), remove: vi.fn() };
  render(
    <table>
      <tbody>
        <tr onClick={calls.row}>
          <td>
            <EditDeleteButtons
              name="North Yard"
              onEdit={calls.edit}
              onDelete={calls.remove}
              deleteBlocked={deleteBlocked}
            />
          </td>
        </tr>
      </tbody>
    </table>,
  );
  return calls;
}

describe('EditDeleteButtons', () => {
  it('names both buttons after the row, and a click does only its own action', () => {
    const calls = renderInRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit North Yard' }));
    expect(calls.edit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete North Yard' }));
    expect(calls.remove).toHaveBeenCalledTimes(1);
    expect(calls.row).not.toHaveBeenCalled();
  });

  it('disables Delete and says why when deleting is blocked, leaving Edit usable', () => {
    const calls = renderInRow('You cannot delete your own account');
    const remove = screen.getByRole('button', { name: 'Delete North Yard' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.title).toBe('You cannot delete your own account');
    fireEvent.click(remove);
    expect(calls.remove).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: 'Edit North Yard' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('leaves out a button whose action the user may not take', () => {
    render(<EditDeleteButtons name="North Yard" onEdit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Edit North Yard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete North Yard' })).toBeNull();
  });
});
