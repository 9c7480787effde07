import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorLine, FormField } from '@/components/ui/form-field';
import { refusalText, type UploadPreviewFlow } from './use-upload-preview';

/** The spreadsheets an upload takes. */
const SHEET_TYPES =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file field of an upload → preview → confirm flow: an Excel or CSV file. */
export function UploadFileField({
  id,
  label,
  flow,
}: {
  id: string;
  label: string;
  flow: Pick<UploadPreviewFlow<unknown>, 'inputKey' | 'choose'>;
}) {
  return (
    <FormField id={id} label={label}>
      <input
        key={flow.inputKey}
        id={id}
        type="file"
        accept={SHEET_TYPES}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
        // Chosen again after a correction, the same file is read again.
        onClick={(event) => {
          event.currentTarget.value = '';
        }}
        onChange={(event) => flow.choose(event.target.files?.[0] ?? null)}
      />
    </FormField>
  );
}

/**
 * The rest of the flow, below the chosen file: that it is being read, why it could not be, the
 * preview (its counts' `summary`, an alert while rows are in error, then `children`), why a confirmation
 * was refused, and the buttons that confirm it (and cancel, where the flow can be left).
 */
export function UploadPreview<Preview>({
  flow,
  readingText,
  unreadableText,
  summary,
  summaryTestId,
  errorsText,
  children,
  confirmLabel,
  confirmingLabel,
  confirmIcon,
  onCancel,
}: {
  flow: UploadPreviewFlow<Preview>;
  /** The status line while the file is read. */
  readingText: string;
  /** What an unreadable file's alert says when the server says nothing. */
  unreadableText: string;
  /** The preview's counts, its first line. */
  summary: (preview: Preview) => string;
  summaryTestId: string;
  /** What the alert says while `errors` rows are in error (nothing can be confirmed). */
  errorsText: (errors: number) => string;
  /** The rest of the preview (its rows). */
  children: (preview: Preview) => ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the file is written. */
  confirmingLabel: string;
  confirmIcon?: ReactNode;
  /** A Cancel button before Confirm; none, Confirm stands alone. */
  onCancel?: () => void;
}) {
  const preview = flow.result;
  return (
    <>
      {flow.reading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {readingText}
        </p>
      ) : null}
      {flow.unreadable ? (
        <ErrorLine>{refusalText(flow.unreadable, unreadableText, flow.faultsShown)}</ErrorLine>
      ) : null}
      {preview !== undefined ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid={summaryTestId}>
            {summary(preview)}
          </p>
          {flow.errors > 0 ? <ErrorLine>{errorsText(flow.errors)}</ErrorLine> : null}
          {children(preview)}
        </div>
      ) : null}
      <ErrorLine>{flow.confirmError}</ErrorLine>
      <div
        className={
          onCancel
            ? 'flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end'
            : 'flex justify-end'
        }
      >
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button disabled={!flow.canConfirm} onClick={() => void flow.confirm()}>
          {confirmIcon}
          {flow.confirming ? confirmingLabel : confirmLabel}
        </Button>
      </div>
    </>
  );
}
