import { NETWORK_ERROR_MESSAGE } from '@stockyard/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredDialog } from './deferred-dialog';
import { notifyToast } from './toast';

vi.mock('./toast', () => ({
  notifyToast: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

type Props = { name: string; onOpenChange: (open: boolean) => void };

function NameDialog({ name, onOpenChange }: Props) {
  return (
    <div role="dialog" aria-label={name}>
      <button type="button" onClick={() => onOpenChange(false)}>
        Close
      </button>
    </div>
  );
}

function BrokenDialog(_: Props): ReactNode {
  throw new Error('the dialog broke');
}

/** A page with a button that opens the dialog, which is rendered only while open, as pages do. */
function Page({ Dialog }: { Dialog: ComponentType<Props> }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Inventory</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Transfer
      </button>
      {open ? <Dialog name="Transfer Material" onOpenChange={setOpen} /> : null}
    </main>
  );
}

class Outer extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Page failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('a dialog whose code is fetched when it opens', () => {
  it('fetches its code on the first opening only, and shows the dialog with its props', async () => {
    const load = vi.fn(async () => NameDialog);
    const Dialog = deferredDialog(load);
    render(<Page Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Transfer Material' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('dialog', { name: 'Transfer Material' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('closes with the network toast when its code cannot be fetched, and fetches it again on the next opening', async () => {
    const load = vi
      .fn<() => Promise<ComponentType<Props>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(NameDialog);
    const Dialog = deferredDialog(load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Page Dialog={Dialog} />);

    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await vi.waitFor(() =>
      expect(notifyToast.error).toHaveBeenCalledWith('Network Error', {
        description: NETWORK_ERROR_MESSAGE,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page stays as it was.
    expect(screen.getByRole('heading', { name: 'Inventory' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Transfer Material' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("leaves a failure of the dialog itself to the page's boundary", async () => {
    const Dialog = deferredDialog(async () => BrokenDialog);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Outer>
        <Page Dialog={Dialog} />
      </Outer>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Page failed: the dialog broke')).toBeTruthy();
    expect(notifyToast.error).not.toHaveBeenCalled();
  });
});
