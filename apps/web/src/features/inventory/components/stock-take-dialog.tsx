import {
  countDateField,
  INVALID_DATE_MESSAGE,
  localToday,
  STOCK_TAKE_MESSAGES,
} from '@stockyard/shared';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { SheetDownloads } from '@/components/upload-preview/sheet-downloads';
import { UploadFileField, UploadPreview } from '@/components/upload-preview/upload-preview';
import { useUploadPreview } from '@/components/upload-preview/use-upload-preview';
import { isIsoDate } from '@/lib/dates';
import { useConfirmStockTake } from '../api/confirm-stock-take';
import { downloadCountSheet } from '../api/download-count-sheet';
import { usePreviewStockTake } from '../api/preview-stock-take';
import { StockTakeCount } from './stock-take-count';
import { StockTakePreviewTable } from './stock-take-preview-table';

/** Counted on the downloaded sheet, or here in the app. */
type CountMode = 'sheet' | 'count';
const MODES: readonly (readonly [CountMode, string])[] = [
  ['sheet', 'Count sheet'],
  ['count', 'Count here'],
];

export type StockTakeLocation = { id: number; name: string };

/** The count date's fault, in the words the form shows; null when it is a day up to today. */
function countDateError(value: string): string | null {
  if (value === '') return STOCK_TAKE_MESSAGES.countDateRequired;
  if (!isIsoDate(value)) return INVALID_DATE_MESSAGE;
  const checked = countDateField.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? INVALID_DATE_MESSAGE);
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
  // Count here: counted in the app, on a phone, instead of on the sheet.
  const [mode, setMode] = useState<CountMode>('sheet');
  const dateError = countDateError(countDate);
  // The chosen file is read against the stock now, again when the day counted changes.
  const flow = useUploadPreview({
    params: location && !dateError ? { locationId: location.id, countDate } : null,
    preview: usePreviewStockTake(),
    confirm: useConfirmStockTake(),
    errorsIn: (preview) => preview.counts.errors,
    confirmedTitle: 'Stock-take confirmed',
    confirmFailed: 'The stock-take could not be confirmed. Please try again.',
    onConfirmed: () => onOpenChange(false),
  });
  const startAfresh = flow.reset;

  // Each dialog opened starts afresh.
  useEffect(() => {
    if (location) return;
    setCountDate(localToday());
    setMode('sheet');
    startAfresh();
  }, [location, startAfresh]);

  // Both ways of counting ask for the day counted.
  const dateField = (
    <FormField id="stock-take-date" label="Count date" error={dateError ?? undefined}>
      <DateInput
        {...controlProps('stock-take-date', dateError !== null)}
        value={countDate}
        onChange={setCountDate}
      />
    </FormField>
  );

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
            {MODES.map(([way, label]) => (
              <Button
                key={way}
                variant={mode === way ? 'primary' : 'outline'}
                aria-pressed={mode === way}
                onClick={() => setMode(way)}
              >
                {label}
              </Button>
            ))}
          </fieldset>
          {mode === 'count' && location ? (
            <>
              {dateField}
              <StockTakeCount
                location={location}
                countDate={countDate}
                dateError={dateError}
                onDone={() => onOpenChange(false)}
              />
            </>
          ) : (
            <>
              <SheetDownloads
                download={location ? (format) => downloadCountSheet(location.id, format) : null}
                excelLabel="Download count sheet"
                csvLabel="Download as CSV"
                downloadedTitle="Count sheet downloaded"
                failedText="The count sheet could not be made. Please try again."
              />

              <div className="grid gap-4 sm:grid-cols-2">
                {dateField}
                <UploadFileField id="stock-take-file" label="Counted sheet" flow={flow} />
              </div>

              <UploadPreview
                flow={flow}
                readingText="Reading the count sheet..."
                unreadableText="The count sheet could not be read. Please try again."
                summary={({ counts }) =>
                  `${counts.changed} to change, ${counts.unchanged} unchanged, ${counts.notCounted} not counted, ${counts.errors} with errors${
                    counts.notOnSheet > 0
                      ? `; ${counts.notOnSheet} not on the sheet (their stock stays as it is)`
                      : ''
                  }.`
                }
                summaryTestId="stock-take-counts"
                errorsText={STOCK_TAKE_MESSAGES.hasErrors}
                confirmLabel="Confirm stock-take"
                confirmingLabel="Confirming..."
                onCancel={() => onOpenChange(false)}
              >
                {({ rows }) => <StockTakePreviewTable rows={rows} />}
              </UploadPreview>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
