import {
  ATTENDANCE_CHART_COLORS,
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceOverview,
  ATTENDANCE_MESSAGES as M,
  type StaffDto,
} from '@stockyard/shared';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { serverMessage } from '@/lib/form-errors';
import { useAttendanceOverview } from '../api/get-attendance-overview';

/** The slices of the chart: each status with records, in the spec's colours. */
export function overviewSlices(overview: AttendanceOverview) {
  return ATTENDANCE_STATUSES.map((status) => ({
    status,
    name: ATTENDANCE_STATUS_LABELS[status],
    value: overview[status],
    color: ATTENDANCE_CHART_COLORS[status],
  })).filter((slice) => slice.value > 0);
}

/** View Attendance: a pie chart of the staff member's PRESENT, ABSENT, LATE and HALF_DAY records. */
export function AttendanceOverviewDialog({
  member,
  onOpenChange,
}: {
  member: StaffDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const overview = useAttendanceOverview(member?.id ?? null);
  const slices = overview.data ? overviewSlices(overview.data) : [];
  let body: React.ReactNode;
  if (overview.isPending) body = <p className="py-10 text-center">{M.overviewLoading}</p>;
  else if (overview.isError)
    body = (
      <p role="alert" className="py-10 text-center text-destructive">
        {serverMessage(overview.error) ?? M.overviewFailed}
      </p>
    );
  else if (slices.length === 0)
    body = <p className="py-10 text-center text-muted-foreground">{M.overviewEmpty}</p>;
  else
    body = (
      <div>
        <div className="h-64" data-testid="attendance-pie">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                outerRadius={90}
                isAnimationActive={false}
                stroke={slices.length > 1 ? '#fff' : 'none'}
              >
                {slices.map((slice) => (
                  <Cell key={slice.status} fill={slice.color} />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-2 grid grid-cols-2 gap-1 text-sm" aria-label="Attendance by status">
          {ATTENDANCE_STATUSES.map((status) => (
            <li key={status} className="flex items-center gap-2">
              <span
                className="inline-block h-3 w-3 rounded-sm"
                style={{ backgroundColor: ATTENDANCE_CHART_COLORS[status] }}
                aria-hidden
              />
              {ATTENDANCE_STATUS_LABELS[status]}: {overview.data?.[status] ?? 0}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent title={M.overviewTitle} description={member?.name}>
        {body}
      </DialogContent>
    </Dialog>
  );
}
