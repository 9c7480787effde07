import { acceptsReturns, type RentalDto } from '@stockyard/shared';
import { CheckCircle2, History, MoreHorizontal, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type RentalAction = 'edit' | 'return' | 'history' | 'markReturned' | 'delete';

/** What the viewer may do: an admin edits, marks returned and deletes (03 section 6). */
export type RentalPermissions = { manage: boolean; returns: boolean };

/** A rental row's menu (03 section 2.9). */
export function RentalRowActions({
  rental,
  permissions,
  onAction,
}: {
  rental: RentalDto;
  permissions: RentalPermissions;
  onAction: (action: RentalAction, rental: RentalDto) => void;
}) {
  // Returned, or written off as lost or damaged: nothing more comes back.
  const open = acceptsReturns(rental);
  const item = (action: RentalAction, label: string, Icon: typeof Pencil, disabled = false) => (
    <DropdownMenuItem
      disabled={disabled}
      className="data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
      onSelect={() => onAction(action, rental)}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {label}
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for rental ${rental.id}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {permissions.manage ? item('edit', 'Edit Details', Pencil) : null}
        {permissions.returns && open ? item('return', 'Process Return', RotateCcw) : null}
        {item('history', 'View Return History', History)}
        {permissions.manage ? (
          <>
            <DropdownMenuSeparator />
            {item('markReturned', 'Mark Full Returned', CheckCircle2, !open)}
            {item('delete', 'Delete Rental', Trash2)}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
