import { LOCATION_TYPE_LABELS, type LocationType } from '@stockyard/shared';
import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/dates';
import type { ActivityLog } from '../api/get-activity-logs';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-md border border-border p-4">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2 text-sm">{children}</dl>
    </section>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value || '-'}</dd>
    </>
  );
}

/** View Details (03 section 2.8): the activity, who did it, and where that user works. */
export function ActivityDetailsDialog({
  log,
  onClose,
}: {
  log: ActivityLog | null;
  onClose: () => void;
}) {
  const location = log?.user?.location ?? null;
  return (
    <Dialog open={log !== null} onOpenChange={(open) => !open && onClose()}>
      {log ? (
        <DialogContent title="Activity Details" className="max-w-xl">
          <div className="space-y-4">
            <Section title="Activity Info">
              <Field label="Action" value={log.action} />
              <Field label="Log Date" value={formatDateTime(log.timestamp)} />
              <Field label="Description" value={log.description} />
            </Section>
            <Section title="User Info">
              <Field label="Name" value={log.user?.name} />
              <Field label="Email" value={log.user?.email} />
            </Section>
            <Section title="User Location">
              <Field label="Name" value={location?.name} />
              <Field label="Address" value={location?.address} />
              <Field
                label="Type"
                value={
                  location
                    ? (LOCATION_TYPE_LABELS[location.type as LocationType] ?? location.type)
                    : null
                }
              />
            </Section>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
