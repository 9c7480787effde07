import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_MESSAGES,
  type ExportFormat,
} from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { downloadFile, type QueryParams } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/**
 * A list's Export control: Excel or CSV of what the list's filters select, every page
 * (`GET <path>?<filters>&format=xlsx|csv`, saved under the name the server gives). While the file
 * is made the button says so and takes no second click; a failure is one toast with the server's
 * message, else `failedText`.
 */
export function ExportMenu({
  path,
  filters,
  fileName,
  failedText = EXPORT_MESSAGES.exportFailedText,
  successText,
}: {
  /** The list's export route under /api, e.g. `/locations/export`. */
  path: string;
  /** The list's filters as its own call sends them, without its page. */
  filters: QueryParams;
  /** The name to save under when the server names none, without its extension. */
  fileName: string;
  failedText?: string;
  successText?: string;
}) {
  const download = useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadFile(path, `${fileName}.${format}`, { ...filters, format }),
    onSuccess: (saved) =>
      notifyToast.success(EXPORT_MESSAGES.exported, {
        description: successText ?? EXPORT_MESSAGES.exportedText(saved),
      }),
    onError: (error) =>
      notifyToast.error(EXPORT_MESSAGES.exportFailed, {
        description: serverMessage(error) ?? failedText,
      }),
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={download.isPending} aria-busy={download.isPending}>
          {download.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <Download className="h-4 w-4" aria-hidden />
          )}
          {download.isPending ? 'Exporting...' : 'Export'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => download.mutate(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
