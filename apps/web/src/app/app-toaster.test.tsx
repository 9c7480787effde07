import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifyToast } from '@/lib/toast';
import { stubMatchMedia } from '@/test-support/match-media';
import { AppToaster } from './app-toaster';

beforeAll(() => {
  // sonner asks for the colour scheme (light).
  stubMatchMedia(0);
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
