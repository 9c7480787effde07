import {
  type ExportFormat,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  type ImportKind,
} from '@stockyard/shared';
import { Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/input';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';
import { downloadTemplate } from './api/download-template';
import { usePreviewImport } from './api/preview-import';
import { useRunImport } from './api/run-import';
import { AcceptedValues } from './components/accepted-values';
import { ImportPreviewTable } from './components/import-preview-table';

/** A refusal's message, with the faults it lists (a cell and what is wrong there), the first few. */
function refusalText(error: unknown, fallback: string): string {
  const message = serverMessage(error) ?? fallback;
  if (!(error instanceof ApiError) || error.errors.length === 0) return message;
  const faults = error.errors.slice(0, 5).map((fault) => `${fault.path}: ${fault.message}`);
  return `${message} ${faults.join('; ')}`;
}

/**
 * Imports (issue 30): an admin chooses what to import, downloads its template, chooses a filled
 * file and sees every row checked (nothing is written), then confirms, and the server writes the
 * whole file or nothing.
 */
export default function ImportsPage() {
  const { filters, setFilters } = useListParams({ kind: IMPORT_KINDS });
  const kind: ImportKind = filters.kind || 'stock';
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input: after a kind is changed or a file imported.
  const [inputKey, setInputKey] = useState(0);
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const run = useRunImport();

  const startAfresh = () => {
    setFile(null);
    setImportError(null);
    setInputKey((key) => key + 1);
    preview.reset();
  };

  const chooseKind = (next: string) => {
    setFilters({ kind: next as ImportKind });
    startAfresh();
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setImportError(null);
    if (chosen) preview.mutate({ kind, file: chosen });
    else preview.reset();
  };

  const download = async (format: ExportFormat) => {
    setDownloading(format);
    try {
      const name = await downloadTemplate(kind, format);
      notifyToast.success('Template downloaded', { description: `${name} has been downloaded.` });
    } catch (error) {
      notifyToast.error('Download Failed', {
        description: serverMessage(error) ?? 'The template could not be made. Please try again.',
      });
    } finally {
      setDownloading(null);
    }
  };

  const result = preview.isPending ? undefined : preview.data?.data;
  const counts = result?.counts;
  const canConfirm = file !== null && result !== undefined && counts?.error === 0 && !run.isPending;

  const confirm = async () => {
    if (!file || !canConfirm) return;
    setImportError(null);
    try {
      const answer = await run.mutateAsync({ kind, file });
      notifyToast.success('Import complete', { description: answer.message });
      startAfresh();
    } catch (error) {
      setImportError(refusalText(error, 'The file could not be imported. Please try again.'));
    }
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
          <FormField id="import-file" label="File">
            <input
              key={inputKey}
              id="import-file"
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-2 file:text-sm file:font-medium"
              // Chosen again after a correction, the same file is read again.
              onClick={(event) => {
                event.currentTarget.value = '';
              }}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
        </div>

        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={downloading !== null}
            onClick={() => void download('xlsx')}
          >
            <Download className="h-4 w-4" aria-hidden />
            {downloading === 'xlsx' ? 'Downloading...' : 'Download template'}
          </Button>
          <Button
            variant="ghost"
            disabled={downloading !== null}
            onClick={() => void download('csv')}
          >
            {downloading === 'csv' ? 'Downloading...' : 'Download template as CSV'}
          </Button>
        </div>

        <AcceptedValues kind={kind} />

        {preview.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Reading the file...
          </p>
        ) : null}
        {preview.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {refusalText(preview.error, 'The file could not be read. Please try again.')}
          </p>
        ) : null}

        {result && counts ? (
          <div className="space-y-3">
            <p className="text-sm" data-testid="import-counts">
              {counts.total} {counts.total === 1 ? 'row' : 'rows'}: {counts.new} new,{' '}
              {counts.update} to update, {counts.unchanged} unchanged, {counts.error} with errors.
            </p>
            {counts.error > 0 ? (
              <p role="alert" className="text-sm text-destructive">
                Correct the rows in error in your file and choose it again. Nothing is imported
                while a row is in error.
              </p>
            ) : null}
            {result.ignoredColumns.length > 0 ? (
              <ul
                className="list-disc pl-5 text-sm text-amber-700 dark:text-amber-400"
                data-testid="import-ignored"
              >
                {result.ignoredColumns.map((column) => (
                  <li key={column.cell}>
                    {column.message} ({column.cell})
                  </li>
                ))}
              </ul>
            ) : null}
            <ImportPreviewTable preview={result} />
          </div>
        ) : null}

        {importError ? (
          <p role="alert" className="text-sm text-destructive">
            {importError}
          </p>
        ) : null}

        <div className="flex justify-end">
          <Button disabled={!canConfirm} onClick={() => void confirm()}>
            <Upload className="h-4 w-4" aria-hidden />
            {run.isPending ? 'Importing...' : 'Confirm import'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
