import { IMPORT_KIND_LABELS, IMPORT_KINDS, type ImportKind } from '@stockyard/shared';
import { Upload } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { SheetDownloads } from '@/components/upload-preview/sheet-downloads';
import { UploadFileField, UploadPreview } from '@/components/upload-preview/upload-preview';
import { useUploadPreview } from '@/components/upload-preview/use-upload-preview';
import { useListParams } from '@/hooks/use-list-params';
import { downloadTemplate } from './api/download-template';
import { usePreviewImport } from './api/preview-import';
import { useRunImport } from './api/run-import';
import { AcceptedValues } from './components/accepted-values';
import { ImportPreviewTable } from './components/import-preview-table';

/**
 * Imports: an admin chooses what to import, downloads its template, chooses a filled
 * file and sees every row checked (nothing is written), then confirms, and the server writes the
 * whole file or nothing.
 */
export default function ImportsPage() {
  const { filters, setFilters } = useListParams({ kind: IMPORT_KINDS });
  const kind: ImportKind = filters.kind || 'stock';
  const flow = useUploadPreview({
    params: { kind },
    preview: usePreviewImport(),
    confirm: useRunImport(),
    errorsIn: (preview) => preview.counts.error,
    confirmedTitle: 'Import complete',
    confirmFailed: 'The file could not be imported. Please try again.',
    // A large file may have many faults: the first few are enough to start correcting it.
    faultsShown: 5,
  });

  const chooseKind = (next: string) => {
    setFilters({ kind: next as ImportKind });
    flow.reset();
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">Import</h1>
        <p className="text-sm text-muted-foreground">
          Import material types, stock, locations or staff from a CSV or Excel file. Every row is
          checked first; nothing is written until you confirm.
        </p>
      </div>

      <Card className="space-y-5 p-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="import-kind" label="What to import">
            <Select id="import-kind" value={kind} onChange={(e) => chooseKind(e.target.value)}>
              {IMPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {IMPORT_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </FormField>
          <UploadFileField id="import-file" label="File" flow={flow} />
        </div>

        <SheetDownloads
          download={(format) => downloadTemplate(kind, format)}
          excelLabel="Download template"
          csvLabel="Download template as CSV"
          downloadedTitle="Template downloaded"
          failedText="The template could not be made. Please try again."
        />

        <AcceptedValues kind={kind} />

        <UploadPreview
          flow={flow}
          readingText="Reading the file..."
          unreadableText="The file could not be read. Please try again."
          summary={({ counts }) =>
            `${counts.total} ${counts.total === 1 ? 'row' : 'rows'}: ${counts.new} new, ${counts.update} to update, ${counts.unchanged} unchanged, ${counts.error} with errors.`
          }
          summaryTestId="import-counts"
          errorsText={() =>
            'Correct the rows in error in your file and choose it again. Nothing is imported while a row is in error.'
          }
          confirmLabel="Confirm import"
          confirmingLabel="Importing..."
          confirmIcon={<Upload className="h-4 w-4" aria-hidden />}
        >
          {(preview) => (
            <>
              {preview.ignoredColumns.length > 0 ? (
                <ul
                  className="list-disc pl-5 text-sm text-amber-700 dark:text-amber-400"
                  data-testid="import-ignored"
                >
                  {preview.ignoredColumns.map((column) => (
                    <li key={column.cell}>
                      {column.message} ({column.cell})
                    </li>
                  ))}
                </ul>
              ) : null}
              <ImportPreviewTable preview={preview} />
            </>
          )}
        </UploadPreview>
      </Card>
    </div>
  );
}
