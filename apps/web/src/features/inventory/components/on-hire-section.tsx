import {
  formatCount,
  formatMoney,
  isoToDisplayDate,
  labelOf,
  type OnHireStatement,
} from '@stockyard/shared';
import { FileDown, Mail } from 'lucide-react';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { downloadOnHirePdf, useOnHire } from '../api/get-on-hire';
import { useSendOnHire } from '../api/send-on-hire';

/**
 * What is on hire at the location shown, beside its own stock: each
 * line of its active rentals with units out, where it came from, due back and days out, and for an
 * admin the hire so far; the statement prints as a PDF, and an admin e-mails it to the site's
 * customer. Nothing is shown when nothing is on hire.
 */
export function OnHireSection({
  locationId,
  stockShown,
}: {
  locationId: number;
  /** Whether the stock list above has drawn its rows (or its empty or failed text). */
  stockShown: boolean;
}) {
  const query = useOnHire(locationId, { silent: true });
  const can = useCan();
  const [printing, setPrinting] = useState(false);
  const drawn = useDrawnAfter(stockShown);
  // Drawn in slices after the answer, not in one task (useDeferredAnswer in hooks/use-paged-list).
  const statement = useDeferredValue(drawn ? query.data : undefined);
  if (!statement || statement.lines.length === 0) return null;
  const print = () => {
    setPrinting(true);
    downloadOnHirePdf(locationId)
      .then((name) => notifyToast.success(`${name} has been downloaded.`))
      .catch((error: unknown) =>
        notifyToast.error(error instanceof Error ? error.message : 'Could not download it.'),
      )
      .finally(() => setPrinting(false));
  };
  return (
    <Card aria-labelledby="on-hire-title">
      <div className="flex flex-col gap-2 border-b border-border p-4 sm:flex-row sm:items-center">
        <div>
          <h2 id="on-hire-title" className="text-lg font-semibold">
            On hire at {statement.location.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            Material rented to this site and not yet back, on {isoToDisplayDate(statement.asOf)}.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button variant="outline" onClick={print} disabled={printing}>
            <FileDown className="h-4 w-4" aria-hidden />
            On-hire statement (PDF)
          </Button>
          {can('POST /api/locations/:id/on-hire/send') ? (
            <SendToCustomer statement={statement} />
          ) : null}
        </div>
      </div>
      <OnHireTable statement={statement} />
    </Card>
  );
}

/**
 * Whether the statement may be drawn: once the stock above has been drawn, in a render of its own.
 * Its answer comes about when the stock's does, and drawn with it, its table's lines doubled the
 * one long task that put the stock's rows in and laid them out on a phone. It is asked for at once
 * all the same; only its drawing waits.
 */
function useDrawnAfter(stockShown: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (stockShown) startTransition(() => setDrawn(true));
  }, [stockShown]);
  return drawn;
}

/**
 * An admin e-mails the statement, as it is now, to the site's customer, after a
 * confirmation naming the address; without a customer e-mail the button is off and says why.
 */
function SendToCustomer({ statement }: { statement: OnHireStatement }) {
  const [asking, setAsking] = useState(false);
  const send = useSendOnHire();
  const { id, name, customerName, customerEmail } = statement.location;
  const to = customerEmail?.trim() ?? '';
  const hintId = `on-hire-send-hint-${id}`;
  const confirm = () => {
    send.mutate(id, {
      onSuccess: (answer) => {
        setAsking(false);
        notifyToast.success(`The on-hire statement of ${name} is being sent to ${answer.data.to}.`);
      },
      onError: (error) => {
        setAsking(false);
        notifyToast.error(
          error instanceof ApiError ? error.message : 'The statement could not be sent.',
        );
      },
    });
  };
  return (
    <>
      <Button
        variant="outline"
        onClick={() => setAsking(true)}
        disabled={!to || send.isPending}
        aria-describedby={to ? undefined : hintId}
      >
        <Mail className="h-4 w-4" aria-hidden />
        {send.isPending ? 'Sending...' : 'Send to customer'}
      </Button>
      {to ? null : (
        <p id={hintId} className="w-full text-xs text-muted-foreground sm:w-auto">
          Add the customer's e-mail to this location to send it.
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          if (!send.isPending) setAsking(open);
        }}
        title="Send the on-hire statement?"
        description={`The on-hire statement of ${name} as of now, with the hire so far, goes as a PDF to ${customerName ? `${customerName} <${to}>` : to}.`}
        confirmLabel="Send"
        pendingLabel="Sending..."
        destructive={false}
        pending={send.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function OnHireTable({ statement }: { statement: OnHireStatement }) {
  const admin = statement.hireSoFarCents !== null;
  return (
    <Table aria-label={`On hire at ${statement.location.name}`}>
      <THead>
        <TR>
          <TH>Material</TH>
          <TH className="text-right">On hire</TH>
          <TH>Rental</TH>
          <TH>Due back</TH>
          <TH className="text-right">Days out</TH>
          {admin ? <TH className="text-right">Hire so far</TH> : null}
        </TR>
      </THead>
      <TBody>
        {statement.lines.map((line) => (
          <TR key={line.rentalItemId}>
            <TD>
              <span className="font-medium">{line.materialName}</span>
              {line.itemNumber ? (
                <span className="block text-xs text-muted-foreground">{line.itemNumber}</span>
              ) : null}
            </TD>
            <TD className="text-right whitespace-nowrap">
              {formatCount(line.out)} {labelOf(line.unit)}
              {line.out !== line.dispatched ? (
                <span className="block text-xs text-muted-foreground">
                  of {formatCount(line.dispatched)} sent
                </span>
              ) : null}
            </TD>
            <TD>
              Rental #{line.rentalId} from {line.fromLocationName}
              <span className="block text-xs text-muted-foreground">
                since {isoToDisplayDate(line.rentalDate)}
              </span>
            </TD>
            <TD className="whitespace-nowrap">
              {isoToDisplayDate(line.expectedReturnDate)}{' '}
              {line.overdue ? <Badge tone="red">Overdue</Badge> : null}
            </TD>
            <TD className="text-right">{line.daysOut}</TD>
            {admin ? (
              <TD className="text-right whitespace-nowrap">
                {line.hireSoFarCents === null
                  ? 'No rate'
                  : formatMoney(line.hireSoFarCents, statement.currency)}
              </TD>
            ) : null}
          </TR>
        ))}
        {admin ? (
          <TR>
            <TD colSpan={5} className="text-right font-semibold">
              Hire so far
            </TD>
            <TD className="text-right font-semibold whitespace-nowrap">
              {formatMoney(statement.hireSoFarCents ?? 0, statement.currency)}
            </TD>
          </TR>
        ) : null}
      </TBody>
    </Table>
  );
}
