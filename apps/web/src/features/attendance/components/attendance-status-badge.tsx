import { ATTENDANCE_STATUS_TONES, type AttendanceStatus } from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';

/** PRESENT green, ABSENT red, LATE yellow, HALF_DAY blue (03 section 9). */
export function AttendanceStatusBadge({ status }: { status: AttendanceStatus }) {
  return <Badge tone={ATTENDANCE_STATUS_TONES[status] ?? 'grey'}>{status}</Badge>;
}
