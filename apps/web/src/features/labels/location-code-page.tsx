import { ownLocation } from '@stockyard/shared';
import { Link, Navigate, useParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session';

/**
 * What a location's label opens: its inventory. A field manager works at their own
 * location only: another's label says so.
 */
export default function LocationCodePage() {
  const id = Number(useParams().id);
  const user = useSession()?.user;
  const own = user ? ownLocation(user) : null;
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/inventory" replace />;
  if (own === null) return <Navigate to={`/inventory?location=${id}`} replace />;
  if (own === id) return <Navigate to="/inventory" replace />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Another location</h1>
      <Card className="space-y-3 p-6">
        <p>
          This label is of another location. You work at {user?.location?.name ?? 'your location'}{' '}
          only.
        </p>
        <Link className={buttonVariants({ variant: 'outline' })} to="/inventory">
          Open the inventory
        </Link>
      </Card>
    </div>
  );
}
