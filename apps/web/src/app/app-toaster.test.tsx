import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifyToast } from '@/lib/toast';
import { AppToaster } from './app-toaster';

beforeAll(() => {
  // sonner asks for the colour scheme (light).
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});
afterEach(cleanup);

describe("the app's toaster", () => {
  it('is not in the page until the first toast, which it then shows', async () => {
    const { container } = render(<AppToaster theme="light" />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

    notifyToast.success('Stock updated successfully.');
    expect(await screen.findByText('Stock updated successfully.')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
