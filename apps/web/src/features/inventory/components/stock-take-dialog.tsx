import {
  countDateField,
  type ExportFormat,
  INVALID_DATE_MESSAGE,
  localToday,
  STOCK_TAKE_MESSAGES,
} from '@stockyard/shared';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { isIsoDate } from '@/lib/dates';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { useConfirmStockTake } from '../api/confirm-stock-take';
import { downloadCountSheet } from '../api/download-count-sheet';
import { usePreviewStockTake } from '../api/preview-stock-take';
import { StockTakeCount } from './stock-take-count';
import { StockTakePreviewTable } from './stock-take-preview-table';

export type StockTakeLocation = { id: number; name: string };

/** The count date's fault, in the words the form shows; null when it is a day up to today. */
function countDateError(value: string): string | null {
  if (value === '') return STOCK_TAKE_MESSAGES.countDateRequired;
  if (!isIsoDate(value)) return INVALID_DATE_MESSAGE;
  const checked = countDateField.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? INVALID_DATE_MESSAGE);
}

/** A refusal's message, with the faults it lists (a cell and what is wrong there). */
function refusalText(error: unknown, fallback: string): string {
  const message = serverMessage(error) ?? fallback;
  if (!(error instanceof ApiError) || error.errors.length === 0) return message;
  return `${message} ${error.errors.map((fault) => `${fault.path}: ${fault.message}`).join('; ')}`;
}

/**
 * A stock-take of one location: download its count sheet, count, choose the filled file, see the
 * differences from the stock now, and confirm them (each one becomes a Stock-take movement).
 */
export function StockTakeDialog({
  location,
  onOpenChange,
}: {
  /** The location counted; null keeps the dialog closed. */
  location: StockTakeLocation | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [countDate, setCountDate] = useState(localToday);
  const [file, setFile] = useState<File | null>(null);
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  // Count here (issue 31): counted in the app, on a phone, instead of on the sheet.
  const [mode, setMode] = useState<'sheet' | 'count'>('sheet');
  const preview = usePreviewStockTake();
  const confirm = useConfirmStockTake();
  const dateError = countDateError(countDate);
  const runPreview = preview.mutate;
  const resetPreview = preview.reset;

  // Each dialog opened starts afresh.
  useEffect(() => {
    if (location) return;
    setCountDate(localToday());
    setFile(null);
    setConfirmError(null);
    setMode('sheet');
    resetPreview();
  }, [location, resetPreview]);

  // The chosen file read against the stock now, again when the day counted changes.
  useEffect(() => {
    if (!location || !file || dateError) return;
    setConfirmError(null);
    runPreview({ locationId: location.id, file, countDate });
  }, [location, file, countDate, dateError, runPreview]);

  const download = async (format: ExportFormat) => {
    if (!location) return;
    setDownloading(format);
    try {
      const name = await downloadCountSheet(location.id, format);
      notifyToast.success('Count sheet downloaded', {
        description: `${name} has been downloaded.`,
      });
    } catch (error) {
      notifyToast.error('Download Failed', {
        description: serverMessage(error) ?? 'The count sheet could not be made. Please try again.',
      });
    } finally {
      setDownloading(null);
    }
  };

  const result = preview.isPending ? undefined : preview.data?.data;
  const counts = result?.counts;
  const canConfirm =
    location !== null &&
    file !== null &&
    result !== undefined &&
    counts?.errors === 0 &&
    dateError === null &&
    !confirm.isPending;

  const onConfirm = async () => {
    if (!location || !file || !canConfirm) return;
    setConfirmError(null);
    try {
      const answer = await confirm.mutateAsync({ locationId: location.id, file, countDate });
      notifyToast.success('Stock-take confirmed', { description: answer.message });
      onOpenChange(false);
    } catch (error) {
      setConfirmError(
        refusalText(error, 'The stock-take could not be confirmed. Please try again.'),
      );
    }
  };

  return (
    <Dialog open={location !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title="Stock-take"
        description={
          location
            ? `Count the stock at ${location.name}: download the count sheet, fill in its Counted column and upload it, or count here.`
            : undefined
        }
        className="max-w-3xl"
      >
        <div className="space-y-5">
          <fieldset className="flex gap-2">
            <legend className="sr-only">How to count</legend>
            <Button
              variant={mode === 'sheet' ? 'primary' : 'outline'}
              aria-pressed={mode === 'sheet'}
              onClick={() => setMode('sheet')}
            >
              Count sheet
            </Button>
            <Button
              variant={mode === 'count' ? 'primary' : 'outline'}
              aria-pressed={mode === 'count'}
              onClick={() => setMode('count')}
            >
              Count here
            </Button>
          </fieldset>
          {mode === 'count' && location ? (
            <>
              <FormField id="stock-take-date" label="Count date" error={dateError ?? undefined}>
                <DateInput
                  {...controlProps('stock-take-date', dateError !== null)}
                  value={countDate}
                  onChange={setCountDate}
                />
              </FormField>
              <StockTakeCount
                location={location}
                countDate={countDate}
                dateError={dateError}
                onDone={() => onOpenChange(false)}
              />
            </>
          ) : (
            <>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  disabled={downloading !== null}
                  onClick={() => void download('xlsx')}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {downloading === 'xlsx' ? 'Downloading...' : 'Download count sheet'}
                </Button>
                <Button
                  variant="ghost"
                  disabled={downloading !== null}
                  onClick={() => void download('csv')}
                >
                  {downloading === 'csv' ? 'Downloading...' : 'Download as CSV'}
                </Button>
              </div>

              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id="stock-take-date" label="Count date" error={dateError ?? undefined}>
                  <DateInput
                    {...controlProps('stock-take-date', dateError !== null)}
                    value={countDate}
                    onChange={setCountDate}
                  />
                </FormField>
                <FormField id="stock-take-file" label="Counted sheet">
                  <input
                    id="stock-take-file"
                    type="file"
                    accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
                    // Chosen again after a correction, the same file is read again.
                    onClick={(event) => {
                      event.currentTarget.value = '';
                    }}
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </FormField>
              </div>

              {preview.isPending ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Reading the count sheet...
                </p>
              ) : null}
              {preview.isError ? (
                <p role="alert" className="text-sm text-destructive">
                  {refusalText(
                    preview.error,
                    'The count sheet could not be read. Please try again.',
                  )}
                </p>
              ) : null}

              {result && counts ? (
                <div className="space-y-3">
                  <p className="text-sm" data-testid="stock-take-counts">
                    {counts.changed} to change, {counts.unchanged} unchanged, {counts.notCounted}{' '}
                    not counted, {counts.errors} with errors
                    {counts.notOnSheet > 0
                      ? `; ${counts.notOnSheet} not on the sheet (their stock stays as it is)`
                      : ''}
                    .
                  </p>
                  {counts.errors > 0 ? (
                    <p role="alert" className="text-sm text-destructive">
                      {STOCK_TAKE_MESSAGES.hasErrors(counts.errors)}
                    </p>
                  ) : null}
                  <StockTakePreviewTable rows={result.rows} />
                </div>
              ) : null}

              {confirmError ? (
                <p role="alert" className="text-sm text-destructive">
                  {confirmError}
                </p>
              ) : null}
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button disabled={!canConfirm} onClick={() => void onConfirm()}>
                  {confirm.isPending ? 'Confirming...' : 'Confirm stock-take'}
                </Button>
              </div>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
