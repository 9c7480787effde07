import {
  creditNoteSchema,
  formatMoney,
  INVOICE_MESSAGES,
  type InvoiceDto,
  MAX_CREDIT_REASON,
} from '@stockyard/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { useCreateCreditNote } from '../api/create-credit-note';

/** A line a credit note may take back: an item of a work invoice or a charge of a hire invoice. */
type Line = { key: string; id: number; type: 'item' | 'charge'; label: string; cents: number };

function linesLeft(invoice: InvoiceDto): Line[] {
  return [
    ...invoice.items
      .filter((item) => !item.credited)
      .map((item) => ({
        key: `item-${item.id}`,
        id: item.id,
        type: 'item' as const,
        label: [
          item.job_type,
          item.job_description,
          `${item.itemTotalCalculatedQuantity} ${item.uom}`,
        ]
          .filter(Boolean)
          .join(' - '),
        cents: item.amountCents,
      })),
    ...invoice.charges
      .filter((charge) => !charge.credited)
      .map((charge) => ({
        key: `charge-${charge.id}`,
        id: charge.id,
        type: 'charge' as const,
        label: `${charge.description} (${charge.quantity})`,
        cents: charge.amountCents,
      })),
  ];
}

/**
 * Credit note (admins, a finalized invoice): why, and all the lines left or those ticked; it is
 * confirmed by its own button, and opens the new credit note.
 */
export function CreditNoteDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateCreditNote();
  const lines = linesLeft(invoice);
  const [reason, setReason] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  const toggle = (key: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const submit = () => {
    const picked = lines.filter((line) => chosen.has(line.key));
    const body = all
      ? { reason }
      : {
          reason,
          itemIds: picked.filter((line) => line.type === 'item').map((line) => line.id),
          chargeIds: picked.filter((line) => line.type === 'charge').map((line) => line.id),
        };
    const parsed = creditNoteSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? INVOICE_MESSAGES.creditReasonRequired);
      return;
    }
    if (!all && picked.length === 0) {
      setError(INVOICE_MESSAGES.creditChooseLines);
      return;
    }
    setError(null);
    create.mutate(
      { id: invoice.id, ...parsed.data },
      {
        onSuccess: ({ data }) => {
          notifyToast.success(INVOICE_MESSAGES.creditNoteCreated, {
            description: data.number ?? '',
          });
          onOpenChange(false);
          navigate(`/invoices/${data.id}/item-list`);
        },
        onError: (failure) =>
          notifyToast.error(INVOICE_MESSAGES.creditFailed, { description: serverMessage(failure) }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Credit note"
        description={INVOICE_MESSAGES.creditConfirm(invoice.number ?? invoice.invoiceId)}
        className="max-w-xl"
      >
        {lines.length === 0 ? (
          <p className="py-4 text-muted-foreground">
            {invoice.items.length + invoice.charges.length === 0
              ? INVOICE_MESSAGES.creditNoLines
              : INVOICE_MESSAGES.creditNothingLeft}
          </p>
        ) : (
          <div className="space-y-4">
            <FormField id="credit-reason" label="Reason" error={error ?? undefined}>
              <Textarea
                rows={3}
                maxLength={MAX_CREDIT_REASON}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...controlProps('credit-reason', error !== null)}
              />
            </FormField>
            <Checkbox
              id="credit-all"
              label="Credit every line not credited yet"
              checked={all}
              onChange={(event) => setAll(event.target.checked)}
            />
            {all ? null : (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Lines to credit</legend>
                {lines.map((line) => (
                  <Checkbox
                    key={line.key}
                    id={`credit-${line.key}`}
                    label={`${line.label}: ${formatMoney(line.cents, invoice.currency)}`}
                    checked={chosen.has(line.key)}
                    onChange={() => toggle(line.key)}
                  />
                ))}
              </fieldset>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button onClick={submit} disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create credit note'}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
