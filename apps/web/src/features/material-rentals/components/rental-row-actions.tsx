import { type RentalDto, rentalRefusals } from '@stockyard/shared';
import {
  CheckCircle2,
  FileText,
  History,
  MoreHorizontal,
  Pencil,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export type RentalAction = 'edit' | 'return' | 'history' | 'notes' | 'markReturned' | 'delete';

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
  // Only what the server takes is offered (the shared rule it refuses by); where an action is
  // not, it stays in the menu disabled, saying why.
  const refusals = rentalRefusals(rental);
  const item = (
    action: RentalAction,
    label: string,
    Icon: typeof Pencil,
    refusal: string | null = null,
  ) => (
    <DropdownMenuItem
      disabled={refusal !== null}
      className="items-start data-[disabled]:pointer-events-none"
      onSelect={() => onAction(action, rental)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span className="flex flex-col">
        <span className={refusal ? 'opacity-50' : undefined}>{label}</span>
        {refusal ? <span className="max-w-56 text-xs text-muted-foreground">{refusal}</span> : null}
      </span>
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
        {permissions.returns && refusals.returns === null
          ? item('return', 'Process Return', RotateCcw)
          : null}
        {item('history', 'View Return History', History)}
        {item('notes', 'Delivery note', FileText)}
        {permissions.manage ? (
          <>
            <DropdownMenuSeparator />
            {item('markReturned', 'Mark Full Returned', CheckCircle2, refusals.returns)}
            {item('delete', 'Delete Rental', Trash2, refusals.delete)}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
