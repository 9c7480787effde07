import { CloudOff } from 'lucide-react';
import { formatDateTime } from '@/lib/dates';
import { useOnline } from '@/lib/offline/device';
import { useLastSync } from './offline-device';

/** Says, while the device has no connection, that the screens show what it keeps, and since when. */
export function OfflineBanner() {
  const online = useOnline();
  const lastSync = useLastSync();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-yellow-300 bg-yellow-50 px-4 py-2 text-sm text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-200 lg:px-6"
    >
      <CloudOff className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        {lastSync
          ? `Offline — showing data from ${formatDateTime(new Date(lastSync))}`
          : 'Offline — showing what this device has kept'}
        . Changes you make are kept in the Outbox and sent when the connection is back.
      </span>
    </div>
  );
}
