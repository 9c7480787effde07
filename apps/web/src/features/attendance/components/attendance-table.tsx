import { type AttendanceDto, isoToDisplayDate, ATTENDANCE_MESSAGES as M } from '@stockyard/shared';
import { Pencil } from 'lucide-react';
import { DiscardRefusedWrite, PendingWriteState } from '@/components/pending-write';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { AttendanceStatusBadge } from './attendance-status-badge';

/** A mark made on this device that the server does not have yet, or refused. */
export type WaitingAttendance = {
  key: string;
  /** The outbox's words for it, for its Discard. */
  title: string;
  staffName: string;
  location: string;
  date: string;
  checkIn: string | null;
  checkOut: string | null;
  status: AttendanceDto['status'];
  notes: string | null;
  error: string | null;
};

/** The attendance list (03 section 2.3); on a phone the location, day, times and status fold under the name. */
export function AttendanceTable({
  records,
  state,
  manage,
  onEdit,
  onRetry,
  waiting = [],
}: {
  records: AttendanceDto[];
  /** Marks waiting in the outbox, shown first with their state. */
  waiting?: WaitingAttendance[];
  state: ListState;
  manage: boolean;
  onEdit: (record: AttendanceDto) => void;
  onRetry: () => void;
}) {
  return (
    <Table aria-label="Attendance records">
      <THead>
        <TR>
          <TH>Staff</TH>
          <TH className="hidden md:table-cell">Location</TH>
          <TH className="hidden sm:table-cell">Date</TH>
          <TH className="hidden sm:table-cell">Check In</TH>
          <TH className="hidden sm:table-cell">Check Out</TH>
          <TH className="hidden sm:table-cell">Status</TH>
          <TH className="hidden lg:table-cell">Notes</TH>
          <TH className="w-16 text-right">Edit</TH>
        </TR>
      </THead>
      <ListBody
        before={waiting.map((mark) => (
          <TR key={mark.key} data-testid="pending-attendance">
            <TD>
              <div className="flex items-center gap-3">
                <Avatar name={mark.staffName} />
                <div className="min-w-0">
                  <div className="font-medium">{mark.staffName}</div>
                  <PendingWriteState entry={mark} />
                  <div className="text-xs text-muted-foreground sm:hidden">
                    {isoToDisplayDate(mark.date)}, {mark.checkIn ?? '-'} to {mark.checkOut ?? '-'}
                  </div>
                </div>
              </div>
            </TD>
            <TD className="hidden md:table-cell">{mark.location}</TD>
            <TD className="hidden whitespace-nowrap sm:table-cell">
              {isoToDisplayDate(mark.date)}
            </TD>
            <TD className="hidden sm:table-cell">{mark.checkIn ?? '-'}</TD>
            <TD className="hidden sm:table-cell">{mark.checkOut ?? '-'}</TD>
            <TD className="hidden sm:table-cell">
              <AttendanceStatusBadge status={mark.status} />
            </TD>
            <TD className="hidden max-w-48 truncate lg:table-cell">{mark.notes || '-'}</TD>
            <TD className="text-right">
              <DiscardRefusedWrite entry={mark} />
            </TD>
          </TR>
        ))}
        state={state}
        columns={8}
        count={records.length}
        loading={M.loading}
        failed={M.listFailed}
        empty={M.empty}
        onRetry={onRetry}
      >
        {records.map((record) => (
          <TR key={record.id}>
            <TD>
              <div className="flex items-center gap-3">
                <Avatar name={record.staffName} />
                <div className="min-w-0">
                  <div className="font-medium">{record.staffName}</div>
                  <div className="text-xs text-muted-foreground md:hidden">{record.location}</div>
                  <div className="text-xs text-muted-foreground sm:hidden">
                    {isoToDisplayDate(record.date)}, {record.checkIn ?? '-'} to{' '}
                    {record.checkOut ?? '-'}
                  </div>
                  <div className="mt-1 sm:hidden">
                    <AttendanceStatusBadge status={record.status} />
                  </div>
                </div>
              </div>
            </TD>
            <TD className="hidden md:table-cell">{record.location}</TD>
            <TD className="hidden whitespace-nowrap sm:table-cell">
              {isoToDisplayDate(record.date)}
            </TD>
            <TD className="hidden sm:table-cell">{record.checkIn ?? '-'}</TD>
            <TD className="hidden sm:table-cell">{record.checkOut ?? '-'}</TD>
            <TD className="hidden sm:table-cell">
              <AttendanceStatusBadge status={record.status} />
            </TD>
            <TD
              className="hidden max-w-48 truncate lg:table-cell"
              title={record.notes ?? undefined}
            >
              {record.notes || '-'}
            </TD>
            <TD className="text-right">
              {manage ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit attendance of ${record.staffName} on ${isoToDisplayDate(record.date)}`}
                  onClick={() => onEdit(record)}
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Button>
              ) : null}
            </TD>
          </TR>
        ))}
      </ListBody>
    </Table>
  );
}
