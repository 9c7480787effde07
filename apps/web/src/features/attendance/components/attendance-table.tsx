import { type AttendanceDto, isoToDisplayDate, ATTENDANCE_MESSAGES as M } from '@stockyard/shared';
import { Pencil } from 'lucide-react';
import { DiscardRefusedWrite, PendingWriteState } from '@/components/pending-write';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
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
          <TH from="md">Location</TH>
          <TH from="sm">Date</TH>
          <TH from="sm">Check In</TH>
          <TH from="sm">Check Out</TH>
          <TH from="sm">Status</TH>
          <TH from="lg">Notes</TH>
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
                  <Folded until="sm">
                    <div className="text-xs text-muted-foreground">
                      {isoToDisplayDate(mark.date)}, {mark.checkIn ?? '-'} to {mark.checkOut ?? '-'}
                    </div>
                  </Folded>
                </div>
              </div>
            </TD>
            <TD from="md">{mark.location}</TD>
            <TD from="sm" className="whitespace-nowrap">
              {isoToDisplayDate(mark.date)}
            </TD>
            <TD from="sm">{mark.checkIn ?? '-'}</TD>
            <TD from="sm">{mark.checkOut ?? '-'}</TD>
            <TD from="sm">
              <AttendanceStatusBadge status={mark.status} />
            </TD>
            <TD from="lg" className="max-w-48 truncate">
              {mark.notes || '-'}
            </TD>
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
                  <Folded until="md">
                    <div className="text-xs text-muted-foreground">{record.location}</div>
                  </Folded>
                  <Folded until="sm">
                    <div className="text-xs text-muted-foreground">
                      {isoToDisplayDate(record.date)}, {record.checkIn ?? '-'} to{' '}
                      {record.checkOut ?? '-'}
                    </div>
                  </Folded>
                  <Folded until="sm">
                    <div className="mt-1">
                      <AttendanceStatusBadge status={record.status} />
                    </div>
                  </Folded>
                </div>
              </div>
            </TD>
            <TD from="md">{record.location}</TD>
            <TD from="sm" className="whitespace-nowrap">
              {isoToDisplayDate(record.date)}
            </TD>
            <TD from="sm">{record.checkIn ?? '-'}</TD>
            <TD from="sm">{record.checkOut ?? '-'}</TD>
            <TD from="sm">
              <AttendanceStatusBadge status={record.status} />
            </TD>
            <TD from="lg" className="max-w-48 truncate" title={record.notes ?? undefined}>
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
