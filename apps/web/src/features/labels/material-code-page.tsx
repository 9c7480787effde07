import { LABEL_MESSAGES, onHireText } from '@stockyard/shared';
import { Link, Navigate, useParams } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useOnHireHere } from './api/get-on-hire-here';
import { useMaterialCode } from './api/resolve-material-code';

/**
 * What a material label's address opens: for a field manager, their location's
 * stock of the type (the inventory with its history open); for an admin, the type's stock at every
 * location (the catalogue). A type not held at the field manager's location, or a code that names
 * no type, is said here; a type on hire there says so, line by line: "On hire here:
 * 63, rental #1 from Main Yard, due back 20/12/2026".
 */
export default function MaterialCodePage() {
  const code = useParams().code ?? '';
  const query = useMaterialCode(code);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Finding ${code}`} />
      </div>
    );
  }
  if (query.isError) {
    const unknown = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Answer title={unknown ? 'Unknown label' : 'Could not open this label'}>
        <p>{unknown ? LABEL_MESSAGES.unknownCode(code) : query.error.message}</p>
      </Answer>
    );
  }
  const { type, location, material } = query.data;
  if (location === null) return <Navigate to={`/catalogue?type=${type.id}`} replace />;
  if (material !== null) return <Navigate to={`/inventory?material=${material.id}`} replace />;
  return <NotInStock type={type} location={location} />;
}

type Answered = NonNullable<ReturnType<typeof useMaterialCode>['data']>;

/** A type the location holds no stock of: what of it is on hire there, or that it is not there. */
function NotInStock({
  type,
  location,
}: {
  type: Answered['type'];
  location: NonNullable<Answered['location']>;
}) {
  const onHire = useOnHireHere(location.id);
  if (onHire.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={`Finding ${type.name} at ${location.name}`} />
      </div>
    );
  }
  const lines = (onHire.data?.lines ?? []).filter((line) => line.materialTypeId === type.id);
  return (
    <Answer title={type.name}>
      {lines.length > 0 ? (
        <ul className="space-y-1" aria-label={`${type.name} on hire at ${location.name}`}>
          {lines.map((line) => (
            <li key={line.rentalItemId}>{onHireText(line)}</li>
          ))}
        </ul>
      ) : (
        <p>
          {type.name} is not in stock at {location.name}.
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {type.itemNumber ? `Item number ${type.itemNumber}. ` : ''}
        {type.status === 'retired' ? 'It is retired in the catalogue.' : ''}
      </p>
    </Answer>
  );
}

function Answer({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Card className="space-y-3 p-6">
        {children}
        <Link className={buttonVariants({ variant: 'outline' })} to="/inventory">
          Open the inventory
        </Link>
      </Card>
    </div>
  );
}
