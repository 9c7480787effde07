import { STAFF_MESSAGES as M, type StaffDto, salaryText, shortDate } from '@stockyard/shared';
import { CalendarPlus, MoreHorizontal, Pencil, PieChart, Trash2 } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { StaffStatusBadge } from './staff-status-badge';

export type StaffAction = 'addAttendance' | 'viewAttendance' | 'edit' | 'delete';

/** A row's menu (03 section 2.2); the changes only with Manage Attendance. */
function StaffRowActions({
  member,
  manage,
  onAction,
}: {
  member: StaffDto;
  manage: boolean;
  onAction: (action: StaffAction, member: StaffDto) => void;
}) {
  const item = (action: StaffAction, label: string, Icon: typeof Pencil) => (
    <DropdownMenuItem onSelect={() => onAction(action, member)}>
      <Icon className="h-4 w-4" aria-hidden />
      {label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${member.name}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {manage ? item('addAttendance', 'Add Attendance', CalendarPlus) : null}
        {item('viewAttendance', 'View Attendance', PieChart)}
        {manage ? (
          <>
            <DropdownMenuSeparator />
            {item('edit', 'Edit', Pencil)}
            {item('delete', 'Delete', Trash2)}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The staff list (03 section 2.2); on a phone the position, location and status fold under the name. */
export function StaffTable({
  staff,
  state,
  manage,
  onAction,
  onRetry,
}: {
  staff: StaffDto[];
  state: ListState;
  manage: boolean;
  onAction: (action: StaffAction, member: StaffDto) => void;
  onRetry: () => void;
}) {
  return (
    <Table aria-label="Staff members">
      <THead>
        <TR>
          <TH>Staff</TH>
          <TH from="md">Position</TH>
          <TH from="md">Location</TH>
          <TH from="lg">Department</TH>
          <TH from="lg">Hire Date</TH>
          <TH from="lg">Salary</TH>
          <TH from="sm">Status</TH>
          <TH className="w-16 text-right">Actions</TH>
        </TR>
      </THead>
      <ListBody
        state={state}
        columns={8}
        count={staff.length}
        loading="Loading staff..."
        failed={M.listFailed}
        empty={M.empty}
        onRetry={onRetry}
      >
        {staff.map((member) => (
          <TR key={member.id}>
            <TD>
              <div className="flex items-center gap-3">
                <Avatar name={member.name} />
                <div className="min-w-0">
                  <div className="font-medium">{member.name}</div>
                  <div className="truncate text-xs text-muted-foreground">{member.email}</div>
                  <div className="text-xs text-muted-foreground">{member.phone}</div>
                  <Folded until="md">
                    <div className="mt-1 text-xs text-muted-foreground">
                      {member.position} · {member.location}
                    </div>
                  </Folded>
                  <Folded until="sm">
                    <div className="mt-1">
                      <StaffStatusBadge status={member.status} />
                    </div>
                  </Folded>
                </div>
              </div>
            </TD>
            <TD from="md">{member.position}</TD>
            <TD from="md">{member.location}</TD>
            <TD from="lg">{member.department}</TD>
            <TD from="lg" className="whitespace-nowrap">
              {shortDate(member.hireDate)}
            </TD>
            <TD from="lg" className="whitespace-nowrap">
              {salaryText(member.salary)}
            </TD>
            <TD from="sm">
              <StaffStatusBadge status={member.status} />
            </TD>
            <TD className="text-right">
              <StaffRowActions member={member} manage={manage} onAction={onAction} />
            </TD>
          </TR>
        ))}
      </ListBody>
    </Table>
  );
}
