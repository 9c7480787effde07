import { ROLE_LABELS, type SessionUser } from '@stockyard/shared';
import { UserRound } from 'lucide-react';

/** Who is asking (02 section 2.5): name, id, role and email of the signed-in user. */
export function RequesterBanner({ user }: { user: SessionUser }) {
  return (
    <section
      aria-label="Requester"
      className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-200"
    >
      <UserRound className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Name: </dt>
          <dd className="inline">{user.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium">ID: </dt>
          <dd className="inline">{user.id}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Role: </dt>
          <dd className="inline">{ROLE_LABELS[user.role]}</dd>
        </div>
        <div className="break-all">
          <dt className="inline font-medium">Email: </dt>
          <dd className="inline">{user.email}</dd>
        </div>
      </dl>
    </section>
  );
}
