import {
  mayManageAccount,
  ownLocation,
  PAGE_SIZES,
  ROLE_LABELS,
  ROLES,
  type Role,
  type SessionUser,
} from '@stockyard/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '@/components/export-menu';
import { LocationFilter } from '@/components/location-filter';
import { PageIntro } from '@/components/page-intro';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { useListParams } from '@/hooks/use-list-params';
import { usePagedList } from '@/hooks/use-paged-list';
import { useSearchInput } from '@/hooks/use-search-input';
import { showingRange } from '@/lib/format';
import { INTROS } from '@/lib/page-intros';
import { useCan, useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { useToggleUserStatus } from './api/toggle-user-status';
import { AddUserDialog } from './components/add-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';
import { type UserRowActions, UsersTable } from './components/users-table';

export default function UsersPage() {
  const session = useSession();
  const me = session?.user;
  const can = useCan();
  // A field manager sees the users of their own location only: the server keeps them there.
  const scoped = me !== undefined && ownLocation(me) !== null;
  const { page, filters, setPage, replacePage, setFilters } = useListParams({
    search: 'text',
    role: ROLES,
    location: 'id',
  });
  const { search, role } = filters;
  const location = scoped ? '' : filters.location;
  const searchBox = useSearchInput(search, (value, options) =>
    setFilters({ search: value }, options),
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SessionUser | null>(null);
  const [deleting, setDeleting] = useState<SessionUser | null>(null);

  const listFilters = {
    search: search || undefined,
    role: role || undefined,
    location: location ? Number(location) : undefined,
  };
  const query = useUsers({ page, ...listFilters });
  const toggle = useToggleUserStatus();
  const remove = useDeleteUser();
  const { rows: users, total, totalPages, state } = usePagedList(query, page, replacePage);

  const onToggle = (user: SessionUser) => {
    toggle.mutate(user.id, {
      onSuccess: ({ data }) =>
        notifyToast.success(data.status ? 'User Activated' : 'User Deactivated', {
          description: `${data.name} is now ${data.status ? 'active' : 'inactive'}.`,
        }),
    });
  };
  const actionsFor = (user: SessionUser): UserRowActions => {
    // A field manager changes USER accounts of their location only, never an admin's, nor a
    // peer's who holds a permission they lack (the server refuses those with the reason).
    const manageable = me !== undefined && mayManageAccount(me, user);
    return {
      toggle: manageable && can('PATCH /api/users/:id/toggle-status'),
      edit: manageable && can('PUT /api/users/update/:id'),
      delete: manageable && can('DELETE /api/users/remove/:id'),
    };
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifyToast.success('User Deleted'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-6">
      <PageIntro intro={INTROS.users()} />

      <Card>
        <div className="flex flex-col gap-3 border-b border-border p-4 md:flex-row">
          <SearchField
            label="Search users"
            placeholder="Search by name or email..."
            value={searchBox.text}
            onChange={searchBox.setText}
            className="md:flex-1"
          />
          <Select
            aria-label="Filter by role"
            className="md:w-44"
            value={role}
            onChange={(event) => setFilters({ role: event.target.value as Role | '' })}
          >
            <option value="">All</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
          {scoped ? null : (
            <LocationFilter
              className="md:w-52"
              value={location}
              onChange={(value) => setFilters({ location: value })}
            />
          )}
          <div className="flex gap-2 md:ml-auto">
            <ExportMenu path="/users/export" filters={listFilters} fileName="users" />
            {can('POST /api/users/register') ? (
              <Button onClick={() => setAdding(true)}>
                <Plus className="h-4 w-4" aria-hidden />
                Add User
              </Button>
            ) : null}
          </div>
        </div>
        <UsersTable
          users={users}
          state={state}
          currentUserId={session?.user.id}
          togglingId={toggle.isPending ? (toggle.variables ?? null) : null}
          actionsFor={actionsFor}
          onToggle={onToggle}
          onEdit={setEditing}
          onDelete={setDeleting}
          onRetry={() => void query.refetch()}
        />
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          summary={showingRange(page, PAGE_SIZES.users, total, 'users')}
        />
      </Card>

      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <EditUserDialog
        user={editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete User"
        description={`${deleting?.name ?? 'This user'} will be permanently removed and their permissions revoked. The records they created stay.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
