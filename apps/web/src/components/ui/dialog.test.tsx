import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from './dialog';
import { openerOf } from './return-focus';

afterEach(cleanup);

function Page({ description }: { description?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit North Yard
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Edit Location" description={description}>
          <input aria-label="Name" />
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent', () => {
  it('gives focus back to the button that opened it when it closes', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Edit North Yard' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    act(() => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('is named by its title once: no description repeats it', async () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit North Yard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(dialog.textContent?.split('Edit Location')).toHaveLength(2);
  });

  it('is described by its description when it has one', async () => {
    render(<Page description="Invoice INV-1 · Acme" />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit North Yard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Invoice INV-1 · Acme');
  });
});

describe('openerOf', () => {
  it('answers the focused element, or for an item of a menu the menu trigger', () => {
    document.body.innerHTML = `
      <button id="trigger">Actions</button>
      <div role="menu" aria-labelledby="trigger"><div role="menuitem" tabindex="-1">Preview</div></div>
      <button id="plain">Edit</button>`;
    expect(openerOf(document.getElementById('plain'))?.id).toBe('plain');
    expect(openerOf(document.querySelector('[role="menuitem"]'))?.id).toBe('trigger');
    expect(openerOf(document.body)).toBeNull();
    expect(openerOf(null)).toBeNull();
    document.body.innerHTML = '';
  });
});
