import { RENTAL_STATUS_LABELS, type RentalStatus } from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';

const TONES: Record<RentalStatus, 'green' | 'yellow' | 'red' | 'blue' | 'grey'> = {
  ACTIVE: 'blue',
  RETURNED: 'green',
  OVERDUE: 'red',
};

/** A rental's status as the server gives it (OVERDUE already derived); compared case-insensitively. */
export function RentalStatusBadge({ status }: { status: string }) {
  const key = status.trim().toUpperCase() as RentalStatus;
  return <Badge tone={TONES[key] ?? 'grey'}>{RENTAL_STATUS_LABELS[key] ?? status}</Badge>;
}
