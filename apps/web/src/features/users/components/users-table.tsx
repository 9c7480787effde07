import { ROLE_LABELS, type SessionUser } from '@stockyard/shared';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/row-actions';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate } from '@/lib/dates';

/** What the viewer may do to one row's account; a missing action's button is left out. */
export type UserRowActions = {
  toggle?: boolean;
  edit?: boolean;
  delete?: boolean;
};

export function UsersTable({
  users,
  state,
  currentUserId,
  togglingId,
  actionsFor,
  onToggle,
  onEdit,
  onDelete,
  onRetry,
}: {
  users: SessionUser[];
  state: ListState;
  currentUserId: number | undefined;
  togglingId: number | null;
  actionsFor: (user: SessionUser) => UserRowActions;
  onToggle: (user: SessionUser) => void;
  onEdit: (user: SessionUser) => void;
  onDelete: (user: SessionUser) => void;
  onRetry: () => void;
}) {
  const hasActions = users.some((user) => {
    const actions = actionsFor(user);
    return actions.toggle || actions.edit || actions.delete;
  });
  return (
    <Table aria-label="Users">
      <THead>
        <tr>
          <TH>User</TH>
          <TH from="sm">Role</TH>
          <TH from="sm">Location</TH>
          <TH from="sm">Status</TH>
          <TH from="sm">Last Login</TH>
          {hasActions ? <TH className="text-right">Actions</TH> : null}
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={hasActions ? 6 : 5}
        count={users.length}
        loading="Loading users..."
        failed="Failed to load users."
        empty="No users found."
        onRetry={onRetry}
      >
        {users.map((user) => {
          const self = user.id === currentUserId;
          const actions = actionsFor(user);
          return (
            <TR key={user.id}>
              <TD>
                <div className="flex min-w-44 items-center gap-3 sm:min-w-52">
                  <Avatar name={user.name} />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{user.name}</p>
                    <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                    {/* On a phone the other columns fold under the name. */}
                    <Folded until="sm">
                      <div className="mt-1 space-y-1 text-xs text-muted-foreground">
                        <p>
                          {ROLE_LABELS[user.role]} · {user.location?.name ?? '-'}
                        </p>
                        <p className="flex items-center gap-2">
                          <Badge tone={user.status ? 'green' : 'red'}>
                            {user.status ? 'Active' : 'In Active'}
                          </Badge>
                          Last login {formatDate(user.lastLogin)}
                        </p>
                      </div>
                    </Folded>
                  </div>
                </div>
              </TD>
              <TD from="sm" className="whitespace-nowrap">
                <Badge tone={user.role === 'ADMIN' ? 'blue' : 'grey'}>
                  {ROLE_LABELS[user.role]}
                </Badge>
              </TD>
              <TD from="sm" className="whitespace-nowrap">
                {user.location?.name ?? '-'}
              </TD>
              <TD from="sm" className="whitespace-nowrap">
                <Badge tone={user.status ? 'green' : 'red'}>
                  {user.status ? 'Active' : 'In Active'}
                </Badge>
              </TD>
              <TD from="sm" className="whitespace-nowrap">
                {formatDate(user.lastLogin)}
              </TD>
              {hasActions ? (
                <TD className="text-right">
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:justify-end">
                    {actions.toggle ? (
                      <Button
                        variant="outline"
                        size="sm"
                        className="w-24"
                        disabled={self || togglingId === user.id}
                        title={self ? 'You cannot deactivate your own account.' : undefined}
                        aria-label={`${user.status ? 'Deactivate' : 'Activate'} ${user.name}`}
                        onClick={() => onToggle(user)}
                      >
                        {user.status ? 'Deactivate' : 'Activate'}
                      </Button>
                    ) : null}
                    <div className="flex gap-1">
                      <EditDeleteButtons
                        name={user.name}
                        onEdit={actions.edit ? () => onEdit(user) : undefined}
                        onDelete={actions.delete ? () => onDelete(user) : undefined}
                        deleteBlocked={self ? 'You cannot delete your own account.' : undefined}
                      />
                    </div>
                  </div>
                </TD>
              ) : null}
            </TR>
          );
        })}
      </ListBody>
    </Table>
  );
}
