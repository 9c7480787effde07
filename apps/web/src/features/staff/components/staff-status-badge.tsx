import { STAFF_STATUS_TONES, type StaffStatus } from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';

/** ACTIVE green, ON_LEAVE yellow, INACTIVE grey (03 section 9). */
export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  return <Badge tone={STAFF_STATUS_TONES[status] ?? 'grey'}>{status}</Badge>;
}
