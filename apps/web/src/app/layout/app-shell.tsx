import type { SessionUser } from '@stockyard/shared';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ScanButton } from '@/components/scanner/scan-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useOpenedOnce } from '@/components/ui/opened-once';
import { useLogout } from '@/features/auth/api/logout';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useWideScreen } from '@/hooks/use-wide-screen';
import { useAccountSync } from '@/lib/account-sync';
import { outbox } from '@/lib/offline/device';
import { queryClient } from '@/lib/query-client';
import { useCan, useSession } from '@/lib/session';
import { useSocket } from '@/lib/socket';
import { useTwoFactorGate } from '@/lib/two-factor-gate';
import { useLiveUpdates } from '../live-updates';
import { OfflineBanner } from '../offline-banner';
import { forgetDevice, useOfflineDevice } from '../offline-device';
import { OutboxButton } from '../offline-outbox';
import { Header } from './header';
import { Sidebar } from './sidebar';

const TwoFactorRequiredPage = lazy(() => import('@/features/settings/two-factor-required-page'));

export default function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const session = useSession();
  if (!session) return null;
  return <DeviceShell key={session.user.id} user={session.user} />;
}

/** The shell once the device's copy of this user's working set is back in the cache. */
function DeviceShell({ user }: { user: SessionUser }) {
  useOfflineDevice(queryClient, user);
  return <SignedInShell user={user} />;
}

function SignedInShell({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerOpened = useOpenedOnce(drawerOpen);
  const socket = useSocket();
  const client = useQueryClient();
  useAccountSync(socket, client);
  useLiveUpdates(socket, client);
  const twoFactorRequired = useTwoFactorGate();
  const can = useCan();
  const [unsent, setUnsent] = useState(0);
  const wide = useWideScreen('lg');

  const signOut = () => {
    setUnsent(0);
    // The device's copy and outbox go with the session.
    void forgetDevice().finally(() =>
      logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) }),
    );
  };
  const onLogout = () => {
    setDrawerOpen(false);
    const waiting = outbox.pendingCount();
    if (waiting > 0) setUnsent(waiting);
    else signOut();
  };

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[16rem_1fr]">
      {/* On a phone the navigation is the drawer's: the side one is not built there at all. */}
      {wide ? (
        <aside className="sticky top-0 hidden h-screen border-r border-border lg:block">
          <Sidebar user={user} onLogout={onLogout} />
        </aside>
      ) : null}
      {/* The phone's navigation drawer, in the page from its first opening (ui/opened-once.ts). */}
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        {drawerOpened ? (
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-64 border-r border-border shadow-xl lg:hidden">
              <Dialog.Title className="sr-only">Navigation</Dialog.Title>
              <Dialog.Description className="sr-only">Main navigation</Dialog.Description>
              <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} onLogout={onLogout} />
            </Dialog.Content>
          </Dialog.Portal>
        ) : null}
      </Dialog.Root>
      <div className="flex min-w-0 flex-col">
        <Header
          user={user}
          onOpenMenu={() => setDrawerOpen(true)}
          onLogout={onLogout}
          actions={
            <>
              {/* On a phone: a label scanned opens what it names. */}
              {can('GET /api/catalogue/options') ? (
                <ScanButton className="rounded-md p-2 hover:bg-muted lg:hidden" />
              ) : null}
              <OutboxButton />
              <NotificationBell />
            </>
          }
        />
        <OfflineBanner />
        <main className="flex-1 p-4 lg:p-6">
          {twoFactorRequired ? (
            <Suspense fallback={null}>
              <TwoFactorRequiredPage />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      <ConfirmDialog
        open={unsent > 0}
        onOpenChange={(open) => {
          if (!open) setUnsent(0);
        }}
        title="Sign out?"
        description={`${unsent} ${unsent === 1 ? 'change' : 'changes'} not yet sent will be lost: they are kept on this device only, and signing out deletes them.`}
        confirmLabel="Sign out"
        pendingLabel="Signing out..."
        onConfirm={signOut}
      />
    </div>
  );
}
