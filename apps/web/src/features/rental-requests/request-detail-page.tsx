import {
  labelOf,
  RENTAL_REQUEST_MESSAGES as M,
  type RentalRequestDto,
  requestDispatches,
  requestTotals,
} from '@stockyard/shared';
import { ArrowLeft, Check, Pencil, Truck, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useRentalRequest } from './api/get-rental-requests';
import { type Decision, useUpdateRequestNotes } from './api/save-rental-request';
import { DecisionDialog } from './components/decision-dialog';
import { RequestItemStatusBadge, RequestStatusBadge } from './components/request-status-badge';

const BackLink = () => (
  <Link to="/rental-requests" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
    <ArrowLeft className="h-4 w-4" aria-hidden />
    Back to Rental Requests
  </Link>
);

/** One request (02 section 2.8). */
export default function RequestDetailPage() {
  const raw = useParams().id ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useRentalRequest(id);
  const can = useCan();
  const [deciding, setDeciding] = useState<Decision | null>(null);

  const missing =
    id === null ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  if (missing) {
    return (
      <div className="space-y-6">
        <BackLink />
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-semibold">{M.notFoundTitle}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{M.notFoundText}</p>
        </Card>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-6">
        <BackLink />
        <Card className="p-8 text-center">
          <p className="text-sm text-muted-foreground">{M.loadFailed('the request')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Card>
      </div>
    );
  }

  const request = query.data;
  const mayDecide = can('PATCH /api/rental-requests/:id/approve');
  const totals = requestTotals(request.items);
  // One rental per source: Create Rental for each source not yet dispatched, a link once it is.
  const dispatches = requestDispatches(request);
  const mayDispatch = request.status === 'APPROVED' && can('POST /api/material-rentals');
  const open = mayDispatch ? dispatches.filter((dispatch) => dispatch.rental === null) : [];

  return (
    <div className="space-y-6">
      <BackLink />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold">Bulk Rental Request Details</h1>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            Request #{request.id} <RequestStatusBadge status={request.status} />
          </p>
        </div>
        {mayDecide && request.status === 'PENDING' ? (
          <div className="flex gap-2">
            <Button onClick={() => setDeciding('approve')}>
              <Check className="h-4 w-4" aria-hidden />
              Approve
            </Button>
            <Button variant="destructive" onClick={() => setDeciding('reject')}>
              <X className="h-4 w-4" aria-hidden />
              Reject
            </Button>
          </div>
        ) : null}
        {open.length > 0 ? (
          // The Material Rentals page opens its Add Rental dialog filled from this request.
          <div className="flex flex-wrap gap-2">
            {open.map((dispatch) => (
              <Link
                key={dispatch.from?.id ?? 'any'}
                to={`/material-rentals?request=${request.id}${dispatch.from ? `&from=${dispatch.from.id}` : ''}`}
                className={buttonVariants({ variant: 'primary' })}
              >
                <Truck className="h-4 w-4" aria-hidden />
                {dispatch.from ? `Create Rental from ${dispatch.from.name}` : 'Create Rental'}
              </Link>
            ))}
          </div>
        ) : null}
      </div>

      {request.rentals.length > 0 ? (
        <Card className="p-4 sm:p-6">
          <h2 id="request-rentals" className="mb-2 text-lg font-semibold">
            Rentals
          </h2>
          <ul aria-labelledby="request-rentals" className="space-y-1 text-sm">
            {request.rentals.map((rental) => (
              <li key={rental.id}>
                <Link
                  to={`/material-rentals?search=${encodeURIComponent(`#${rental.id}`)}`}
                  className="font-medium underline"
                >
                  Rental #{rental.id}
                </Link>{' '}
                from {rental.fromLocation.name} to {request.location.name}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-4 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">Request</h2>
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Location">
              <div>{request.location.name}</div>
              <div className="text-muted-foreground">{request.location.address}</div>
            </Detail>
            <Detail label="Status">
              <RequestStatusBadge status={request.status} />
            </Detail>
            <Detail label="Requested Date">{formatDate(request.requestedDate)}</Detail>
            <Detail label="Return Date">{formatDate(request.returnDate)}</Detail>
            <Detail label="Requested By">
              <div>{request.requestedBy?.name ?? '-'}</div>
              <div className="break-all text-muted-foreground">{request.requestedBy?.email}</div>
              {request.requestedBy?.location ? (
                <div className="text-muted-foreground">{request.requestedBy.location.name}</div>
              ) : null}
            </Detail>
            <Detail label="Submitted">{formatDateTime(request.createdAt)}</Detail>
            <Detail label="Notes" className="sm:col-span-2">
              <p className="whitespace-pre-wrap">{request.notes || '-'}</p>
            </Detail>
          </dl>
        </Card>
        <Card className="p-4 sm:p-6">
          <h2 className="mb-3 text-lg font-semibold">Totals</h2>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            <Detail label="Total Items">{totals.items}</Detail>
            <Detail label="Total Quantity">{totals.quantity}</Detail>
            <Detail label="Different Units">{totals.units}</Detail>
          </dl>
          {request.status !== 'PENDING' ? (
            <DecisionDetails request={request} mayEdit={mayDecide} />
          ) : null}
        </Card>
      </div>

      <Card>
        <h2 className="border-b border-border p-4 text-lg font-semibold">Materials</h2>
        <Table aria-label="Requested materials">
          <THead>
            <TR>
              <TH>Material</TH>
              <TH>From</TH>
              <TH>Description</TH>
              <TH>Quantity</TH>
              <TH>Unit</TH>
              <TH>Status</TH>
            </TR>
          </THead>
          <TBody>
            {request.items.map((item) => (
              <TR key={item.id}>
                <TD className="font-medium">{item.name}</TD>
                <TD>{item.sourceLocation?.name ?? '-'}</TD>
                <TD>{item.description || '-'}</TD>
                <TD>{item.quantity}</TD>
                <TD>{labelOf(item.unit)}</TD>
                <TD>
                  <RequestItemStatusBadge status={request.status} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </Card>

      <DecisionDialog
        request={deciding ? { id: request.id, decision: deciding } : null}
        onOpenChange={(open) => {
          if (!open) setDeciding(null);
        }}
      />
    </div>
  );
}

/** A term and its description: a dl's div holds exactly one of each, nothing else. */
function Detail({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase text-muted-foreground">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/** Who approved or rejected, when, and the notes, which an admin may edit later. */
function DecisionDetails({ request, mayEdit }: { request: RentalRequestDto; mayEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState('');
  const update = useUpdateRequestNotes();
  const approved = request.status === 'APPROVED';

  const save = () => {
    update.mutate(
      { id: request.id, notes: notes.trim() },
      {
        onSuccess: () => {
          notifyToast.success(M.notesUpdated);
          setEditing(false);
        },
        onError: (error) =>
          notifyToast.error('Error', { description: serverMessage(error) ?? M.notesFailed }),
      },
    );
  };

  return (
    <section aria-labelledby="decision-title" className="mt-6 border-t border-border pt-4">
      <h3 id="decision-title" className="mb-3 font-semibold">
        {approved ? 'Approval Details' : 'Rejection Details'}
      </h3>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Detail label={approved ? 'Approved By' : 'Rejected By'}>
          {request.approvedBy?.name ?? '-'}
        </Detail>
        <Detail label={approved ? 'Approved At' : 'Rejected At'}>
          {formatDateTime(request.decidedAt)}
        </Detail>
        <div className="sm:col-span-2">
          <dt className="flex items-center justify-between text-xs font-medium uppercase text-muted-foreground">
            {approved ? 'Approval Notes' : 'Rejection Notes'}
            {mayEdit && !editing ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setNotes(request.decisionNotes ?? '');
                  setEditing(true);
                }}
              >
                <Pencil className="h-4 w-4" aria-hidden />
                Edit Notes
              </Button>
            ) : null}
          </dt>
          <dd className="mt-1">
            {editing ? (
              <div className="space-y-2">
                <Textarea
                  aria-label="Decision notes"
                  rows={3}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                />
                <div className="flex justify-end gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                  <Button
                    size="sm"
                    disabled={notes.trim() === '' || update.isPending}
                    onClick={save}
                  >
                    {update.isPending ? 'Saving...' : 'Save Notes'}
                  </Button>
                </div>
              </div>
            ) : (
              <p className="whitespace-pre-wrap">{request.decisionNotes || '-'}</p>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
