import type { MaterialStatus } from '@stockyard/shared';
import { Badge } from '@/components/ui/badge';

const TONES = {
  Available: 'green',
  'Low Stock': 'yellow',
  'Out of Stock': 'red',
} as const satisfies Record<MaterialStatus, string>;

export function MaterialStatusBadge({ status }: { status: MaterialStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
