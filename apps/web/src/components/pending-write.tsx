import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { outbox } from '@/lib/offline/device';
import type { OutboxEntry } from '@/lib/offline/outbox';

type Kept = Pick<OutboxEntry, 'key' | 'title' | 'error'>;

/**
 * How a write kept on this device shows in its list until the server has it:
 * "Pending — not sent yet", or "Refused: " and the server's message. One way for every list.
 */
export function PendingWriteState({ entry }: { entry: Kept }) {
  return entry.error ? (
    <span className="flex flex-wrap items-center gap-x-1 text-xs text-destructive">
      <Badge tone="red">Refused</Badge>
      {/* Read as "Refused: the message"; the badge stands for the colon on screen. */}
      <span className="sr-only">:</span> <span>{entry.error}</span>
    </span>
  ) : (
    <span className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
      <Badge tone="yellow">Pending</Badge> <span>— not sent yet</span>
    </span>
  );
}

/**
 * Discard of a refused write, beside its row: it is changed by making it again on its screen
 * (the Outbox's panel discards any). Nothing for a write still waiting.
 */
export function DiscardRefusedWrite({ entry }: { entry: Kept }) {
  if (!entry.error) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Discard ${entry.title}`}
      onClick={() => void outbox.discard(entry.key)}
    >
      Discard
    </Button>
  );
}
