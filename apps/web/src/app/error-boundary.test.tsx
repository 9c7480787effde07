import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

afterEach(cleanup);

let shouldThrow = true;
function Fragile() {
  const [label] = useState('Inventory loaded');
  if (shouldThrow) throw new Error('Cannot read the inventory');
  return <p>{label}</p>;
}

describe('ErrorBoundary', () => {
  it('shows Something went wrong with the message, and Try Again renders the page again', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Cannot read the inventory')).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Inventory loaded')).toBeTruthy();
    consoleError.mockRestore();
  });
});
