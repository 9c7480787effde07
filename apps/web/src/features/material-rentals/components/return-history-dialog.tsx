import {
  RENTAL_FIGURE_LABELS as LABELS,
  RENTAL_ITEM_FINAL_STATUSES,
  RENTAL_MESSAGES,
  type RentalDto,
  remaining,
  rentalItemFigures,
  rentalItemFinalStatus,
  rentalName,
} from '@stockyard/shared';
import { useEffect, useState } from 'react';
import { DiscardRefusedWrite, PendingWriteState } from '@/components/pending-write';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Folded, ListBody, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { listState } from '@/hooks/use-paged-list';
import { formatDate, formatDateTime } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import { useOutbox } from '@/lib/offline/device';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useRentalReturns } from '../api/get-returns';
import { useRentalNotes } from '../api/movement-notes';
import { ReturnPhotos } from './notes-photos';
import { CorrectDayDialog, type DayCorrection } from './rental-corrections';
import { returnConditions, unitLabel } from './units';

const FINAL_TONES = {
  [RENTAL_ITEM_FINAL_STATUSES.full]: 'green',
  [RENTAL_ITEM_FINAL_STATUSES.partial]: 'yellow',
  [RENTAL_ITEM_FINAL_STATUSES.none]: 'grey',
} as const;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-md border border-border p-3 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * View Return History (02 section 2.10): every return with the item's cumulative and remaining
 * quantity after it, the final status of each material, and summary figures.
 */
export function ReturnHistoryDialog({
  rental,
  onOpenChange,
}: {
  rental: RentalDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useRentalReturns(rental?.id ?? null);
  // The photos taken with each return, as its note lists them.
  const notes = useRentalNotes(rental?.id ?? null);
  const photosOf = new Map(
    (notes.data ?? []).flatMap((note) =>
      note.returnId === null ? [] : [[note.returnId, note.photos] as const],
    ),
  );
  const returns = query.data ?? [];
  const state = listState(query);
  // An admin corrects the day a return's hire ended, with a reason.
  const mayCorrect = useCan()('PATCH /api/material-rentals/:id/returns/:returnId');
  const [correcting, setCorrecting] = useState<DayCorrection | null>(null);
  const failure = query.isError ? query.error : null;
  // Returns made on this device that the server does not have yet.
  const waiting = useOutbox('return').flatMap((entry) =>
    entry.preview.kind === 'return' && entry.preview.rentalId === rental?.id
      ? [
          {
            ...entry.preview,
            key: entry.key,
            title: entry.title,
            createdAt: entry.createdAt,
            error: entry.error,
          },
        ]
      : [],
  );

  useEffect(() => {
    if (failure)
      notifyToast.error(RENTAL_MESSAGES.historyFailed, { description: serverMessage(failure) });
  }, [failure]);

  const items = rental?.items ?? [];
  // Rented = returned good + damaged + lost + outstanding.
  const figures = rentalItemFigures({ items });
  const fullyReturned = items.filter((item) => remaining(item) === 0).length;

  return (
    <Dialog open={rental !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={rental ? `Return History: ${rentalName(rental)}` : 'Return History'}
        description={
          rental
            ? `${rentalName(rental)}: from ${rental.fromLocation.name} to ${rental.toLocation.name}.`
            : undefined
        }
        className="max-w-3xl"
      >
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-6" aria-label="Return summary">
            <Stat label="Returns" value={query.data ? returns.length : '-'} />
            <Stat label={LABELS.itemsRented} value={figures.rented} />
            <Stat label={LABELS.itemsReturned} value={figures.returned} />
            <Stat label={LABELS.itemsDamaged} value={figures.damaged} />
            <Stat label={LABELS.itemsLost} value={figures.lost} />
            <Stat label={LABELS.itemsOutstanding} value={figures.outstanding} />
          </dl>
          <p className="text-sm text-muted-foreground">
            {fullyReturned} of {items.length} materials fully returned.
          </p>

          <div className="-mx-6 border-y border-border">
            <Table aria-label="Returns">
              <THead>
                <tr>
                  <TH from="sm">Date</TH>
                  <TH>Material</TH>
                  <TH className="px-2 text-right sm:px-4">Returned</TH>
                  <TH from="sm" className="text-right">
                    Cumulative
                  </TH>
                  <TH from="sm" className="text-right">
                    Remaining
                  </TH>
                  <TH from="sm">Notes</TH>
                </tr>
              </THead>
              <ListBody
                after={waiting.map((entry) => (
                  <TR key={entry.key} data-testid="pending-return">
                    <TD from="sm" className="whitespace-nowrap">
                      {formatDateTime(entry.createdAt)}
                    </TD>
                    <TD>
                      {entry.materialName}
                      <PendingWriteState entry={entry} />
                      <DiscardRefusedWrite entry={entry} />
                    </TD>
                    <TD className="px-2 text-right tabular-nums whitespace-nowrap sm:px-4">
                      {returnConditions(entry, entry.unit)}
                    </TD>
                    <TD from="sm" className="text-right">
                      -
                    </TD>
                    <TD from="sm" className="text-right">
                      -
                    </TD>
                    <TD from="sm" className="text-muted-foreground">
                      {entry.notes ?? '-'}
                    </TD>
                  </TR>
                ))}
                state={state}
                columns={6}
                count={returns.length}
                loading="Loading return history..."
                failed={
                  [RENTAL_MESSAGES.historyFailed, serverMessage(failure)]
                    .filter(Boolean)
                    .join(' ') || RENTAL_MESSAGES.historyFailed
                }
                empty="No returns recorded yet."
                onRetry={() => void query.refetch()}
              >
                {returns.map((entry) => (
                  <TR key={entry.id}>
                    <TD from="sm" className="whitespace-nowrap">
                      {/* The day the hire ended, and when and by whom it was entered. */}
                      {formatDate(entry.returnDate)}
                      <span className="block text-xs text-muted-foreground">
                        recorded {formatDateTime(entry.recordedAt)}
                        {entry.returnedBy ? ` by ${entry.returnedBy.name}` : ''}
                      </span>
                      {mayCorrect && rental ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="h-7 px-2 text-xs underline"
                          aria-label={`Correct day of the return of ${entry.materialName} on ${formatDate(entry.returnDate)}`}
                          onClick={() => setCorrecting({ kind: 'return', rental, entry })}
                        >
                          Correct day
                        </Button>
                      ) : null}
                    </TD>
                    <TD>
                      {entry.materialName}
                      {/* On a phone the date and the person fold under the material. */}
                      <Folded until="sm">
                        <span className="block text-xs text-muted-foreground">
                          {formatDate(entry.returnDate)}, recorded{' '}
                          {formatDateTime(entry.recordedAt)}
                          {entry.returnedBy ? ` by ${entry.returnedBy.name}` : ''}
                        </span>
                      </Folded>
                      {entry.notes ? (
                        <Folded until="sm">
                          <span className="block text-xs text-muted-foreground">{entry.notes}</span>
                        </Folded>
                      ) : null}
                      <ReturnPhotos returnId={entry.id} photos={photosOf.get(entry.id) ?? []} />
                    </TD>
                    <TD className="px-2 text-right tabular-nums whitespace-nowrap sm:px-4">
                      {returnConditions(entry, entry.unit)}
                      {/* On a phone the running totals fold under the quantity. */}
                      <Folded until="sm">
                        <span className="block text-xs text-muted-foreground">
                          {entry.cumulativeReturned} / {entry.rentedQuantity},{' '}
                          {entry.remainingAfter} left
                        </span>
                      </Folded>
                    </TD>
                    <TD from="sm" className="text-right tabular-nums whitespace-nowrap">
                      {entry.cumulativeReturned} / {entry.rentedQuantity}
                    </TD>
                    <TD from="sm" className="text-right tabular-nums whitespace-nowrap">
                      {entry.remainingAfter}
                    </TD>
                    <TD from="sm" className="text-muted-foreground">
                      {entry.notes ?? '-'}
                    </TD>
                  </TR>
                ))}
              </ListBody>
            </Table>
          </div>

          <section aria-label="Final status" className="space-y-2">
            <h3 className="font-semibold">Final Status</h3>
            <ul className="divide-y divide-border rounded-md border border-border">
              {items.map((item) => {
                const status = rentalItemFinalStatus(item);
                return (
                  <li
                    key={item.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                  >
                    <span className="font-medium">{item.materialName}</span>
                    <span className="flex items-center gap-3 tabular-nums text-muted-foreground">
                      {item.quantityActuallyReturned} of {item.quantity} {unitLabel(item.unit)}{' '}
                      returned
                      {item.quantityDamaged ? `, ${item.quantityDamaged} damaged` : ''}
                      {item.quantityLost ? `, ${item.quantityLost} lost` : ''}
                      <Badge tone={FINAL_TONES[status as keyof typeof FINAL_TONES] ?? 'grey'}>
                        {status}
                      </Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        </div>
      </DialogContent>
      <CorrectDayDialog
        target={correcting}
        onOpenChange={(open) => {
          if (!open) setCorrecting(null);
        }}
      />
    </Dialog>
  );
}
