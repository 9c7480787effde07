import type { ReactNode } from 'react';
import { refusalText, type UploadPreviewFlow } from './use-upload-preview';

/** The spreadsheets an upload takes. */
const SHEET_TYPES =
  '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file input of an upload → preview → confirm flow: an Excel or CSV file. */
export function UploadFileInput({
  id,
  flow,
}: {
  id: string;
  flow: Pick<UploadPreviewFlow<unknown>, 'inputKey' | 'choose'>;
}) {
  return (
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
  );
}

/**
 * What the flow has to say about the chosen file: that it is being read, why it could not be,
 * the preview (drawn by `children`), and why a confirmation was refused.
 */
export function UploadPreview<Preview>({
  flow,
  readingText,
  unreadableText,
  children,
}: {
  flow: UploadPreviewFlow<Preview>;
  /** The status line while the file is read. */
  readingText: string;
  /** What an unreadable file's alert says when the server says nothing. */
  unreadableText: string;
  children: (preview: Preview) => ReactNode;
}) {
  return (
    <>
      {flow.reading ? (
        <p role="status" className="text-sm text-muted-foreground">
          {readingText}
        </p>
      ) : null}
      {flow.unreadable ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalText(flow.unreadable, unreadableText, flow.faultsShown)}
        </p>
      ) : null}
      {flow.result ? <div className="space-y-3">{children(flow.result)}</div> : null}
      {flow.confirmError ? (
        <p role="alert" className="text-sm text-destructive">
          {flow.confirmError}
        </p>
      ) : null}
    </>
  );
}
