import {
  ALL_PERMISSIONS,
  EMAIL_OUTBOX_MESSAGES,
  type EmailOutboxItem,
  type SessionUser,
} from '@stockyard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { DESKTOP, stubMatchMedia } from '@/test-support/match-media';
import { FailedEmail } from './failed-email';

const bounced: EmailOutboxItem = {
  id: 7,
  to: 'ops@example.com',
  subject: 'Stockyard: Low stock: Scaffold tube',
  attempts: 12,
  lastError: "Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
  createdAt: '2026-11-20T08:00:00.000Z',
  nextAttemptAt: '2026-11-20T10:25:00.000Z',
  failedAt: '2026-11-20T10:25:00.000Z',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (items: EmailOutboxItem[]) =>
  json(200, {
    success: true,
    message: 'E-mail fetched',
    data: items,
    pagination: { total: items.length, totalPages: 1, page: 1, limit: 10 },
  });

/** The server: `list` answers each read of the failed list in turn, the last one from then on. */
function serve(list: Array<() => Response>, retry: () => Response = () => json(200, {})) {
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/email-outbox?')) return list[Math.min(reads++, list.length - 1)]!();
      if (url === `/api/email-outbox/${bounced.id}/retry` && init?.method === 'POST')
        return retry();
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
}

const admin: SessionUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'ADMIN',
  locationId: null,
  location: null,
  status: true,
  lastLogin: null,
  permissions: ALL_PERMISSIONS,
};

function open(user: SessionUser = admin) {
  sessionStore.set({ token: 'token', user });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <FailedEmail />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // sonner asks for the colour scheme (light), the table for the screen's width (a desktop's).
  stubMatchMedia(DESKTOP);
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('Failed e-mail on the Settings page', () => {
  it('asks for the failed mail, shows each with its error, and sends one again with a toast', async () => {
    serve([() => page([bounced]), () => page([])], () =>
      json(200, {
        success: true,
        message: EMAIL_OUTBOX_MESSAGES.retried,
        data: { ...bounced, attempts: 0, failedAt: null },
      }),
    );
    open();
    expect(screen.getByText(EMAIL_OUTBOX_MESSAGES.loading)).toBeTruthy();
    const row = (await screen.findByText(bounced.to)).closest('tr')!;
    expect(within(row).getByText(bounced.subject)).toBeTruthy();
    expect(within(row).getByText(bounced.lastError!)).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(String(vi.mocked(fetch).mock.calls[0]![0])).toBe(
      '/api/email-outbox?status=failed&page=1&limit=10',
    );

    fireEvent.click(within(row).getByRole('button', { name: `Send again to ${bounced.to}` }));
    expect(
      await screen.findByText(`The e-mail to ${bounced.to} will be sent again now.`),
    ).toBeTruthy();
    // The list is read again, and the mail has left it.
    expect(await screen.findByText(EMAIL_OUTBOX_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByText(bounced.to)).toBeNull();
  });

  it('says so when there is no failed mail', async () => {
    serve([() => page([])]);
    open();
    expect(await screen.findByText('No failed e-mail')).toBeTruthy();
  });

  it('shows a failed read with a retry, and a refused resend with the server’s message', async () => {
    serve(
      [
        () => json(500, { success: false, message: 'Boom', code: 'INTERNAL_ERROR' }),
        () => page([bounced]),
      ],
      () =>
        json(409, {
          success: false,
          message: 'This e-mail has already been sent',
          code: 'CONFLICT',
        }),
    );
    open();
    expect(await screen.findByText(EMAIL_OUTBOX_MESSAGES.listFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const row = (await screen.findByText(bounced.to)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: `Send again to ${bounced.to}` }));
    expect(await screen.findByText('This e-mail has already been sent')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(bounced.to)).toBeTruthy());
  });

  it('shows a field manager nothing, and asks the server nothing', async () => {
    serve([() => page([bounced])]);
    open({ ...admin, id: 9, role: 'USER', locationId: 1, location: { name: 'North Yard' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(EMAIL_OUTBOX_MESSAGES.title)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
