import {
  centsToDecimalString,
  RENTAL_FIGURE_LABELS,
  type RentalDto,
  remaining,
  rentalItemFigures,
  rentalName,
  rentalNumber,
} from '@stockyard/shared';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Folded, ListBody, type ListState, Table, TD, TH, THead, TR } from '@/components/ui/table';
import { formatDate, formatDateTime } from '@/lib/dates';
import { deferredDialog } from '@/lib/deferred-dialog';
import { useCan } from '@/lib/session';
import type { DayCorrection, RerateTarget } from './rental-corrections';
import { type RentalAction, type RentalPermissions, RentalRowActions } from './rental-row-actions';
import { RentalStatusBadge } from './rental-status';
import { unitLabel } from './units';

const CorrectDayDialog = deferredDialog(() =>
  import('./rental-corrections').then((m) => m.CorrectDayDialog),
);
const RerateDialog = deferredDialog(() =>
  import('./rental-corrections').then((m) => m.RerateDialog),
);

const COLUMNS = 8;

/** The units rented (items, as every rental figure counts them) and the materials they are of. */
const itemCount = (rental: RentalDto) =>
  RENTAL_FIGURE_LABELS.itemsOfMaterials(rentalItemFigures(rental).rented, rental.items.length);

function RentalPeriod({ rental }: { rental: RentalDto }) {
  return (
    <>
      <span className="whitespace-nowrap">
        {formatDate(rental.rentalDate)} to {formatDate(rental.expectedReturnDate)}
      </span>
      {rental.actualReturnDate ? (
        <span className="block text-xs text-muted-foreground">
          Returned: {formatDate(rental.actualReturnDate)}
        </span>
      ) : null}
    </>
  );
}

/** A line's hire rate, kept from its dispatch: "1.00 / day, 6.00 / week, min. 14 days". */
function lineRateText(item: RentalDto['items'][number]): string {
  if (item.dayCents === null) return 'No rate yet';
  const parts = [`${centsToDecimalString(item.dayCents)} / day`];
  if (item.weekCents !== null) parts.push(`${centsToDecimalString(item.weekCents)} / week`);
  parts.push(`min. ${item.minimumDays ?? 0} days`);
  return parts.join(', ');
}

/**
 * The items of an expanded rental: material, quantity and what came back, with units, and each
 * line's rates. An admin corrects the dispatch day and re-rates a line here.
 */
function RentalItems({ rental }: { rental: RentalDto }) {
  const can = useCan();
  const mayCorrect = can('PATCH /api/material-rentals/:id/rental-date');
  const mayRerate = can('PATCH /api/material-rentals/:id/items/:itemId/rates');
  const [correcting, setCorrecting] = useState<DayCorrection | null>(null);
  const [rerating, setRerating] = useState<RerateTarget | null>(null);
  return (
    <>
      <table className="w-full text-sm" aria-label={`Items of rental ${rental.id}`}>
        <caption className="pb-1 text-left font-medium">
          Items of {rentalName(rental)}
          {/* The day it went out, and when it was entered. */}
          <span className="block text-xs font-normal text-muted-foreground">
            Dispatched {formatDate(rental.rentalDate)}, recorded {formatDateTime(rental.createdAt)}
            {rental.rentedBy ? ` by ${rental.rentedBy.name}` : ''}
            {mayCorrect ? (
              <Button
                variant="ghost"
                size="sm"
                className="ml-2 h-7 px-2 text-xs underline"
                onClick={() => setCorrecting({ kind: 'dispatch', rental })}
              >
                Correct dispatch day
              </Button>
            ) : null}
          </span>
        </caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-3 font-medium">Material</th>
            <th className="py-1 pr-3 text-right font-medium">Quantity</th>
            <th className="py-1 pr-3 text-right font-medium">Returned</th>
            <th className="hidden py-1 pr-3 text-right font-medium sm:table-cell">Remaining</th>
            {/* Shown at every width: an admin re-rates a line from a phone too. */}
            <th className="py-1 font-medium">Hire rate</th>
          </tr>
        </thead>
        <tbody>
          {rental.items.map((item) => (
            <tr key={item.id}>
              <td className="py-1 pr-3">{item.materialName}</td>
              <td className="py-1 pr-3 text-right tabular-nums whitespace-nowrap">
                {item.quantity} {unitLabel(item.unit)}
              </td>
              <td className="py-1 pr-3 text-right tabular-nums whitespace-nowrap">
                {item.quantityActuallyReturned} {unitLabel(item.unit)}
              </td>
              <td className="hidden py-1 pr-3 text-right tabular-nums whitespace-nowrap sm:table-cell">
                {remaining(item)} {unitLabel(item.unit)}
              </td>
              <td className="py-1 text-muted-foreground sm:whitespace-nowrap">
                {lineRateText(item)}
                {mayRerate ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-2 h-7 px-2 text-xs underline"
                    aria-label={`Re-rate ${item.materialName}`}
                    onClick={() => setRerating({ rental, item })}
                  >
                    Re-rate
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {correcting ? (
        <CorrectDayDialog
          target={correcting}
          onOpenChange={(open) => {
            if (!open) setCorrecting(null);
          }}
        />
      ) : null}
      {rerating ? (
        <RerateDialog
          target={rerating}
          onOpenChange={(open) => {
            if (!open) setRerating(null);
          }}
        />
      ) : null}
    </>
  );
}

/** The rentals of one page, each row expanding to its items (03 section 2.9). */
export function RentalsTable({
  rentals,
  state,
  permissions,
  onAction,
  onRetry,
}: {
  rentals: RentalDto[];
  state: ListState;
  permissions: RentalPermissions;
  onAction: (action: RentalAction, rental: RentalDto) => void;
  onRetry: () => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table aria-label="Material rentals">
      <THead>
        <tr>
          <TH className="w-10 px-2">
            <span className="sr-only">Expand</span>
          </TH>
          <TH>Rental</TH>
          <TH from="sm">Items</TH>
          <TH from="sm">Location</TH>
          <TH>Rented To</TH>
          <TH from="md">Rental Period</TH>
          <TH from="sm">Status</TH>
          <TH className="text-right">Actions</TH>
        </tr>
      </THead>
      <ListBody
        state={state}
        columns={COLUMNS}
        count={rentals.length}
        loading="Loading rentals..."
        failed="Failed to load rentals."
        empty="No rentals found."
        onRetry={onRetry}
      >
        {rentals.map((rental) => {
          const open = expanded.has(rental.id);
          return (
            <Fragment key={rental.id}>
              <TR data-rental-id={rental.id}>
                <TD className="px-2">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-expanded={open}
                    aria-label={`${open ? 'Collapse' : 'Expand'} rental ${rental.id}`}
                    onClick={() => toggle(rental.id)}
                  >
                    {open ? (
                      <ChevronDown className="h-4 w-4" aria-hidden />
                    ) : (
                      <ChevronRight className="h-4 w-4" aria-hidden />
                    )}
                  </Button>
                </TD>
                <TD className="whitespace-nowrap font-medium tabular-nums">
                  {rentalNumber(rental)}
                </TD>
                <TD from="sm" className="whitespace-nowrap tabular-nums">
                  {itemCount(rental)}
                </TD>
                <TD from="sm">{rental.fromLocation.name}</TD>
                <TD>
                  {rental.toLocation.name}
                  {/* On a phone the source, the period and the status fold under the destination. */}
                  <Folded until="sm">
                    <div className="mt-1 space-y-1 text-xs text-muted-foreground">
                      <p>
                        {itemCount(rental)} from {rental.fromLocation.name}
                      </p>
                      <RentalStatusBadge status={rental.status} />
                    </div>
                  </Folded>
                  <Folded until="md">
                    <div className="mt-1 text-xs text-muted-foreground">
                      <RentalPeriod rental={rental} />
                    </div>
                  </Folded>
                </TD>
                <TD from="md">
                  <RentalPeriod rental={rental} />
                </TD>
                <TD from="sm">
                  <RentalStatusBadge status={rental.status} />
                </TD>
                <TD className="text-right">
                  <RentalRowActions rental={rental} permissions={permissions} onAction={onAction} />
                </TD>
              </TR>
              {open ? (
                <tr className="bg-muted/30">
                  <td colSpan={COLUMNS} className="px-3 py-3 sm:pl-14">
                    <RentalItems rental={rental} />
                    {rental.notes ? (
                      <p className="mt-2 text-xs text-muted-foreground">Notes: {rental.notes}</p>
                    ) : null}
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </ListBody>
    </Table>
  );
}
