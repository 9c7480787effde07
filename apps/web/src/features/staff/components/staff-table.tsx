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
import { ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
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
  const wide = 'hidden lg:table-cell';
  return (
    <Table aria-label="Staff members">
      <THead>
        <TR>
          <TH>Staff</TH>
          <TH className="hidden md:table-cell">Position</TH>
          <TH className="hidden md:table-cell">Location</TH>
          <TH className={wide}>Department</TH>
          <TH className={wide}>Hire Date</TH>
          <TH className={wide}>Salary</TH>
          <TH className="hidden sm:table-cell">Status</TH>
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
                  <div className="mt-1 text-xs text-muted-foreground md:hidden">
                    {member.position} · {member.location}
                  </div>
                  <div className="mt-1 sm:hidden">
                    <StaffStatusBadge status={member.status} />
                  </div>
                </div>
              </div>
            </TD>
            <TD className="hidden md:table-cell">{member.position}</TD>
            <TD className="hidden md:table-cell">{member.location}</TD>
            <TD className={wide}>{member.department}</TD>
            <TD className={`${wide} whitespace-nowrap`}>{shortDate(member.hireDate)}</TD>
            <TD className={`${wide} whitespace-nowrap`}>{salaryText(member.salary)}</TD>
            <TD className="hidden sm:table-cell">
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
