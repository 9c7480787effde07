import { CloudUpload } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/dates';
import { outbox, useOnline, useOutbox } from '@/lib/offline/device';

/**
 * The header's Outbox: how many writes wait on the device, and a panel listing
 * each with what it is; a refused one shows the server's message, and any may be discarded (to be
 * made again, changed, from its screen). Shown only while something waits.
 */
export function OutboxButton() {
  const entries = useOutbox();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const refused = entries.filter((entry) => entry.state === 'refused').length;
  if (entries.length === 0 && !open) return null;
  const label = `Outbox, ${entries.length} not sent${refused ? `, ${refused} refused` : ''}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        className="relative rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <CloudUpload className="h-5 w-5" aria-hidden />
        <span
          aria-hidden
          className={`absolute right-0.5 top-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[10px] font-semibold leading-none ${refused ? 'bg-destructive text-destructive-foreground' : 'bg-yellow-400 text-yellow-950'}`}
        >
          {entries.length}
        </span>
      </button>
      <DialogContent
        title="Outbox"
        description={
          online
            ? 'Changes made on this device that the server does not have yet.'
            : 'Changes made on this device, sent in this order when the connection is back.'
        }
      >
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Everything has been sent.</p>
        ) : (
          <ul
            className="divide-y divide-border rounded-md border border-border"
            aria-label="Outbox"
          >
            {entries.map((entry) => (
              <li key={entry.key} className="space-y-1 px-3 py-2 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <span className="font-medium">{entry.title}</span>
                  {entry.state === 'refused' ? (
                    <Badge tone="red">Refused</Badge>
                  ) : (
                    <Badge tone="yellow">Pending</Badge>
                  )}
                </div>
                <p className="text-xs text-muted-foreground">
                  Made {formatDateTime(entry.createdAt)}
                  {entry.state === 'pending' && entry.attempts > 0
                    ? `, ${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'} without an answer`
                    : ''}
                </p>
                {entry.error ? (
                  <p className="text-destructive">The server refused it: {entry.error}</p>
                ) : null}
                <div className="flex justify-end">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Discard ${entry.title}`}
                    onClick={() => void outbox.discard(entry.key)}
                  >
                    Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex justify-end gap-2">
          {online && entries.some((entry) => entry.state === 'pending') ? (
            <Button variant="outline" onClick={() => void outbox.flush()}>
              Send now
            </Button>
          ) : null}
          <Button onClick={() => setOpen(false)}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
