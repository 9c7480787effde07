import {
  BILLING_PERIOD_LABELS,
  BILLING_PERIOD_TYPES,
  type BillingPeriodType,
  type BillingRunInput,
  type BillingRunResult,
  formatMoney,
  isoToDisplayDate,
  localToday,
} from '@stockyard/shared';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { ErrorLine, FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { useLocationOptions } from '@/hooks/use-location-options';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { useRunBilling } from './api/run-billing';

const MONTH_NAMES = new Intl.DateTimeFormat('en-GB', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The last twelve months that have ended (hire is billed in arrears), newest first, as yyyy-MM. */
function endedMonths(today: string): { value: string; label: string }[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 2 - i, 1));
    const value = date.toISOString().slice(0, 7);
    return { value, label: MONTH_NAMES.format(date) };
  });
}

const UNPRICED_REASONS = {
  NO_HIRE_RATE: 'No hire rate: give the material type (or the customer) a rate, and run again.',
  NO_REPLACEMENT_VALUE: 'Lost, but its type has no replacement value.',
} as const;

function RunResult({ result }: { result: BillingRunResult }) {
  return (
    <div className="space-y-4" data-testid="billing-result">
      <p className="text-sm">
        Period {isoToDisplayDate(result.periodStart)} to {isoToDisplayDate(result.periodEnd)}:{' '}
        {result.invoices.length === 0
          ? 'nothing new to bill.'
          : `${result.invoices.length} draft hire ${result.invoices.length === 1 ? 'invoice' : 'invoices'}.`}
      </p>
      {result.invoices.length > 0 ? (
        <Table aria-label="Hire invoices of the run">
          <THead>
            <TR>
              <TH>Invoice</TH>
              <TH>Site</TH>
              <TH>Customer</TH>
              <TH className="text-right">Lines added</TH>
              <TH className="text-right">Net</TH>
              <TH className="text-right">Gross</TH>
            </TR>
          </THead>
          <TBody>
            {result.invoices.map((invoice) => (
              <TR key={invoice.id}>
                <TD>
                  <Link className="underline" to={`/invoices/${invoice.id}/item-list`}>
                    {invoice.invoiceId}
                  </Link>
                </TD>
                <TD>{invoice.locationName}</TD>
                <TD>{invoice.clientName}</TD>
                <TD className="text-right">{invoice.linesAdded}</TD>
                <TD className="text-right">{formatMoney(invoice.netCents, invoice.currency)}</TD>
                <TD className="text-right">{formatMoney(invoice.grossCents, invoice.currency)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      ) : null}
      {result.unpriced.length > 0 ? (
        <div className="space-y-2">
          <h2 className="text-base font-semibold">Not billed</h2>
          <Table aria-label="Rental lines not billed">
            <THead>
              <TR>
                <TH>Rental</TH>
                <TH>Site</TH>
                <TH>Material</TH>
                <TH>Why</TH>
              </TR>
            </THead>
            <TBody>
              {result.unpriced.map((line) => (
                <TR key={line.ref}>
                  <TD>{line.rentalId}</TD>
                  <TD>{line.locationName}</TD>
                  <TD>{line.materialName}</TD>
                  <TD>{UNPRICED_REASONS[line.reason]}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Billing: an admin bills the hire of a month or a 28-day cycle that has
 * ended, for every site with a customer or one of them. Each site's hire goes on its draft hire
 * invoice of the period; running the same period again adds nothing.
 */
export default function BillingPage() {
  const today = localToday();
  const months = endedMonths(today);
  const [periodType, setPeriodType] = useState<BillingPeriodType>('MONTH');
  const [month, setMonth] = useState(months[0]!.value);
  const [start, setStart] = useState('');
  const [locationId, setLocationId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const locations = useLocationOptions('all');
  const run = useRunBilling();

  const submit = async () => {
    setError(null);
    const input: BillingRunInput = {
      periodType,
      ...(periodType === 'MONTH' ? { month } : { start }),
      ...(locationId ? { locationId: Number(locationId) } : {}),
    };
    try {
      const answer = await run.mutateAsync(input);
      notifyToast.success('Billing run done', { description: answer.message });
    } catch (caught) {
      setError(serverMessage(caught) ?? 'The billing run failed. Please try again.');
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Billing run</h1>
        <p className="text-sm text-muted-foreground">
          Bill the hire of a period that has ended: each rental line from the day it went out (or
          the day after it was last billed) to the day it came back, at the customer&apos;s rate or
          the catalogue&apos;s, and lost material at its replacement value. Each site&apos;s hire
          goes on its draft hire invoice of the period.
        </p>
      </div>
      <Card className="space-y-5 p-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField id="billing-period-type" label="Period">
            <Select
              id="billing-period-type"
              value={periodType}
              onChange={(event) => setPeriodType(event.target.value as BillingPeriodType)}
            >
              {BILLING_PERIOD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {BILLING_PERIOD_LABELS[type]}
                </option>
              ))}
            </Select>
          </FormField>
          {periodType === 'MONTH' ? (
            <FormField id="billing-month" label="Month">
              <Select id="billing-month" value={month} onChange={(e) => setMonth(e.target.value)}>
                {months.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </FormField>
          ) : (
            <FormField id="billing-start" label="First day of the cycle">
              <DateInput id="billing-start" value={start} onChange={setStart} />
            </FormField>
          )}
          <FormField id="billing-site" label="Customer">
            <Select
              id="billing-site"
              value={locationId}
              onChange={(event) => setLocationId(event.target.value)}
            >
              <option value="">Every site with a customer</option>
              {(locations.data ?? [])
                .filter((location) => location.hasCustomer)
                .map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
            </Select>
          </FormField>
        </div>
        <ErrorLine>{error}</ErrorLine>
        <div className="flex justify-end">
          <Button disabled={run.isPending} onClick={() => void submit()}>
            <Receipt className="h-4 w-4" aria-hidden />
            {run.isPending ? 'Billing...' : 'Run billing'}
          </Button>
        </div>
      </Card>
      {run.data && !run.isPending ? <RunResult result={run.data.data} /> : null}
    </div>
  );
}
