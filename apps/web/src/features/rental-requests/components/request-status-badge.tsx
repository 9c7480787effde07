import {
  RENTAL_REQUEST_STATUS_LABELS,
  type RentalRequestStatus,
  requestItemStatusLabel,
} from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';

const TONES = { PENDING: 'yellow', APPROVED: 'green', REJECTED: 'red' } as const;

export function RequestStatusBadge({ status }: { status: RentalRequestStatus }) {
  return <Badge tone={TONES[status]}>{RENTAL_REQUEST_STATUS_LABELS[status]}</Badge>;
}

const ITEM_TONES = { Available: 'green', Unavailable: 'red', Pending: 'yellow' } as const;

/** A material's label on a request: Available, Unavailable or Pending (02 section 4). */
export function RequestItemStatusBadge({ status }: { status: RentalRequestStatus }) {
  const label = requestItemStatusLabel(status);
  return <Badge tone={ITEM_TONES[label]}>{label}</Badge>;
}
