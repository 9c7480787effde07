import {
  centsToDecimalString,
  isoToDisplayDate,
  localToday,
  MOVEMENT_DATE_MESSAGES,
  movementDateRefusal,
  normalizeRole,
  parseMoneyToCents,
  RENTAL_MESSAGES,
  type RentalDto,
  type RentalReturnDto,
  rentalName,
} from '@stockyard/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import {
  useCorrectRentalDate,
  useCorrectReturnDate,
  useMarkRentalReturned,
  useRerateRentalItem,
} from '../api/rental-mutations';

/**
 * An admin's corrections of a rental (decisions 048 and 063): the day a dispatch or a
 * return happened and a line's rates, each with a required reason, asked once more before it is
 * sent; and Mark Full Returned with the day the hire ended. The server refuses anyone else (403)
 * and checks every day again; its refusal shows under the field it names.
 */

type Errors = Record<string, string | undefined>;

/** The server's refusal: under its fields (`fields`), else as the form's message. */
function serverErrors(error: unknown, fields: readonly string[]): Errors {
  const found: Errors = {};
  if (error instanceof ApiError) {
    for (const { path, message } of error.errors) {
      const field = path.split('.')[0];
      if (field && fields.includes(field)) found[field] = message;
    }
  }
  if (Object.keys(found).length === 0) {
    found.form = serverMessage(error) ?? 'The change was not saved. Please try again.';
  }
  return found;
}

/** What every correction says about a day or a rate already billed. */
const BILLED_NOTE =
  'If these days were billed, the next billing run corrects the bill: a draft is priced again; a finalized invoice gets a credit note (or an extra charge) naming the invoice and the line.';

function FormMessage({ text }: { text?: string }) {
  return text ? <ErrorLine>{text}</ErrorLine> : null;
}

function Actions({
  onCancel,
  label,
  pending,
}: {
  onCancel: () => void;
  label: string;
  pending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
    </div>
  );
}

/** The day a correction's dispatch or return is moved to: never in the future, and a return never before its dispatch. */
function dayRefusal(day: string, notBefore?: string): string | null {
  return movementDateRefusal(day, {
    today: localToday(),
    admin: true,
    notBefore: notBefore
      ? { date: notBefore, message: MOVEMENT_DATE_MESSAGES.beforeDispatch(notBefore) }
      : null,
  });
}

export type DayCorrection =
  | { kind: 'dispatch'; rental: RentalDto }
  | { kind: 'return'; rental: RentalDto; entry: RentalReturnDto };

/**
 * Correct the day a rental went out, or the day a return's hire ended (admins): the new day and a
 * reason, then a confirmation naming both days.
 */
export function CorrectDayDialog({
  target,
  onOpenChange,
}: {
  target: DayCorrection | null;
  onOpenChange: (open: boolean) => void;
}) {
  const dispatch = useCorrectRentalDate();
  const back = useCorrectReturnDate();
  const field = target?.kind === 'return' ? 'returnDate' : 'rentalDate';
  const current = target
    ? target.kind === 'return'
      ? target.entry.returnDate
      : target.rental.rentalDate
    : '';
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    setDay(current);
    setReason('');
    setErrors({});
    setConfirming(false);
  }, [current]);

  if (!target) return null;
  const what =
    target.kind === 'return'
      ? `the return of ${target.entry.materialName}`
      : `the dispatch of ${rentalName(target.rental)}`;
  const title =
    target.kind === 'return'
      ? `Correct Return Day: ${target.entry.materialName}`
      : `Correct Dispatch Day: ${rentalName(target.rental)}`;
  const pending = dispatch.isPending || back.isPending;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const refusal = dayRefusal(
      day,
      target.kind === 'return' ? target.rental.rentalDate : undefined,
    );
    if (refusal) found[field] = refusal;
    else if (day === current) found[field] = `${isoToDisplayDate(current)} is already its day.`;
    if (reason.trim() === '') found.reason = MOVEMENT_DATE_MESSAGES.reasonRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const send = async () => {
    try {
      if (target.kind === 'return') {
        await back.mutateAsync({
          id: target.rental.id,
          returnId: target.entry.id,
          returnDate: day,
          reason: reason.trim(),
        });
        notifyToast.success('Return day corrected');
      } else {
        await dispatch.mutateAsync({
          id: target.rental.id,
          rentalDate: day,
          reason: reason.trim(),
        });
        notifyToast.success('Dispatch day corrected');
      }
      setConfirming(false);
      onOpenChange(false);
    } catch (error) {
      setConfirming(false);
      setErrors(serverErrors(error, [field, 'reason']));
      notifyToast.error('The day was not corrected', { description: serverMessage(error) });
    }
  };

  return (
    <>
      <Dialog open={!confirming} onOpenChange={onOpenChange}>
        <DialogContent
          title={title}
          description={`The day ${what} happened is now ${isoToDisplayDate(current)}. When it was recorded stays as it was.`}
        >
          <form onSubmit={review} noValidate className="space-y-4">
            <FormField
              id={`correct-${field}`}
              label={target.kind === 'return' ? 'Return Date' : 'Dispatch Date'}
              error={errors[field]}
            >
              <DateInput
                {...controlProps(`correct-${field}`, errors[field] !== undefined)}
                value={day}
                onChange={setDay}
              />
            </FormField>
            <FormField id="correct-reason" label="Reason" error={errors.reason}>
              <Textarea
                rows={2}
                {...controlProps('correct-reason', errors.reason !== undefined)}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
            <FormMessage text={errors.form} />
            <Actions onCancel={() => onOpenChange(false)} label="Correct Day" pending={pending} />
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title={title}
        description={`Move the day of ${what} from ${isoToDisplayDate(current)} to ${isoToDisplayDate(day)} (reason: ${reason.trim()})? ${BILLED_NOTE}`}
        confirmLabel="Correct Day"
        pendingLabel="Correcting..."
        destructive={false}
        pending={pending}
        onConfirm={() => void send()}
      />
    </>
  );
}

export type RerateTarget = { rental: RentalDto; item: RentalDto['items'][number] };

const RATE_FIELDS = ['dayCents', 'weekCents', 'minimumDays', 'reason'] as const;

/** Re-rate a rental line on purpose (admins): its day rate, week rate and minimum, with a reason. */
export function RerateDialog({
  target,
  onOpenChange,
}: {
  target: RerateTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  const rerate = useRerateRentalItem();
  const item = target?.item ?? null;
  const [day, setDay] = useState('');
  const [week, setWeek] = useState('');
  const [minimum, setMinimum] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<{
    dayCents: number;
    weekCents: number | null;
    minimumDays: number;
  } | null>(null);

  useEffect(() => {
    setDay(item?.dayCents != null ? centsToDecimalString(item.dayCents) : '');
    setWeek(item?.weekCents != null ? centsToDecimalString(item.weekCents) : '');
    setMinimum(String(item?.minimumDays ?? 0));
    setReason('');
    setErrors({});
    setConfirming(null);
  }, [item]);

  if (!target || !item) return null;
  const title = `Re-rate ${item.materialName}: ${rentalName(target.rental)}`;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    const dayCents = parseMoneyToCents(day);
    if (dayCents === null) found.dayCents = 'Enter the day rate as an amount, e.g. 1.50';
    const weekCents = week.trim() === '' ? null : parseMoneyToCents(week);
    if (week.trim() !== '' && weekCents === null) {
      found.weekCents = 'Enter the week rate as an amount, or leave it blank';
    }
    const minimumDays = /^\d{1,3}$/.test(minimum.trim()) ? Number(minimum.trim()) : null;
    if (minimumDays === null || minimumDays > 365) {
      found.minimumDays = 'Minimum hire must be a whole number of days from 0 to 365';
    }
    if (reason.trim() === '') found.reason = MOVEMENT_DATE_MESSAGES.reasonRequired;
    setErrors(found);
    if (Object.keys(found).length === 0 && dayCents !== null && minimumDays !== null) {
      setConfirming({ dayCents, weekCents, minimumDays });
    }
  };

  const send = async () => {
    if (!confirming) return;
    try {
      await rerate.mutateAsync({
        id: target.rental.id,
        itemId: item.id,
        input: { ...confirming, reason: reason.trim() },
      });
      notifyToast.success('Rates changed');
      setConfirming(null);
      onOpenChange(false);
    } catch (error) {
      setConfirming(null);
      setErrors(serverErrors(error, RATE_FIELDS));
      notifyToast.error('The rates were not changed', { description: serverMessage(error) });
    }
  };

  const rates = (cents: { dayCents: number; weekCents: number | null; minimumDays: number }) =>
    [
      `${centsToDecimalString(cents.dayCents)} / day`,
      ...(cents.weekCents === null ? [] : [`${centsToDecimalString(cents.weekCents)} / week`]),
      `min. ${cents.minimumDays} days`,
    ].join(', ');

  return (
    <>
      <Dialog open={confirming === null} onOpenChange={onOpenChange}>
        <DialogContent
          title={title}
          description={`The rates fixed when ${item.materialName} went out on ${isoToDisplayDate(target.rental.rentalDate)}, changed on purpose for the whole hire.`}
        >
          <form onSubmit={review} noValidate className="space-y-4">
            <div className="grid grid-cols-3 gap-3">
              <FormField id="rerate-dayCents" label="Day Rate" error={errors.dayCents}>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  {...controlProps('rerate-dayCents', errors.dayCents !== undefined)}
                  value={day}
                  onChange={(event) => setDay(event.target.value)}
                />
              </FormField>
              <FormField id="rerate-weekCents" label="Week Rate" error={errors.weekCents}>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  {...controlProps('rerate-weekCents', errors.weekCents !== undefined)}
                  value={week}
                  onChange={(event) => setWeek(event.target.value)}
                />
              </FormField>
              <FormField id="rerate-minimumDays" label="Minimum Days" error={errors.minimumDays}>
                <Input
                  inputMode="numeric"
                  autoComplete="off"
                  {...controlProps('rerate-minimumDays', errors.minimumDays !== undefined)}
                  value={minimum}
                  onChange={(event) => setMinimum(event.target.value)}
                />
              </FormField>
            </div>
            <FormField id="rerate-reason" label="Reason" error={errors.reason}>
              <Textarea
                rows={2}
                {...controlProps('rerate-reason', errors.reason !== undefined)}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </FormField>
            <FormMessage text={errors.form} />
            <Actions
              onCancel={() => onOpenChange(false)}
              label="Change Rates"
              pending={rerate.isPending}
            />
          </form>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={title}
        description={
          confirming
            ? `Charge ${item.materialName} at ${rates(confirming)} for the whole hire (reason: ${reason.trim()})? ${BILLED_NOTE}`
            : ''
        }
        confirmLabel="Change Rates"
        pendingLabel="Changing..."
        destructive={false}
        pending={rerate.isPending}
        onConfirm={() => void send()}
      />
    </>
  );
}

/**
 * Mark Full Returned (admins, 03 section 2.9) on the day the hire ended: today
 * unless it was earlier, never in the future nor before the dispatch.
 */
export function MarkReturnedDialog({
  rental,
  onOpenChange,
}: {
  rental: RentalDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const mark = useMarkRentalReturned();
  // An admin dates it any day back; anyone else at most 7 days (the server checks it again).
  const admin = normalizeRole(useSession()?.user.role ?? '') === 'ADMIN';
  const [day, setDay] = useState(localToday());
  const [error, setError] = useState<Errors>({});

  useEffect(() => {
    // The day on this device when the dialog opens.
    if (rental) setDay(localToday());
    setError({});
  }, [rental]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rental) return;
    const refusal = movementDateRefusal(day, {
      today: localToday(),
      admin,
      notBefore: {
        date: rental.rentalDate,
        message: MOVEMENT_DATE_MESSAGES.beforeDispatch(rental.rentalDate),
      },
    });
    if (refusal) {
      setError({ returnDate: refusal });
      return;
    }
    try {
      await mark.mutateAsync({ id: rental.id, returnDate: day });
      notifyToast.success(RENTAL_MESSAGES.markedReturned);
      onOpenChange(false);
    } catch (failure) {
      setError(serverErrors(failure, ['returnDate']));
      notifyToast.error('The rental was not marked returned', {
        description: serverMessage(failure),
      });
    }
  };

  return (
    <Dialog open={rental !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={rental ? `Mark Full Returned: ${rentalName(rental)}` : 'Mark Full Returned'}
        description={`Every item of ${rental ? rentalName(rental) : 'the rental'} still out comes back to ${rental?.fromLocation.name ?? 'its location'} and the rental is closed as returned.`}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id="mark-returnDate" label="Return Date" error={error.returnDate}>
            {/* The customer's off-hire day: not charged, and may be before the lorry collects. */}
            <DateInput
              {...controlProps('mark-returnDate', error.returnDate !== undefined)}
              value={day}
              onChange={setDay}
            />
          </FormField>
          <FormMessage text={error.form} />
          <Actions
            onCancel={() => onOpenChange(false)}
            label={mark.isPending ? 'Marking...' : 'Mark Returned'}
            pending={mark.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
