import type { ExportFormat } from '@stockyard/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/**
 * The sheet an upload starts from (an import's template, a count sheet), as Excel or CSV; each
 * button says so while its file is made and a toast says how it went.
 */
export function SheetDownloads({
  download,
  excelLabel,
  csvLabel,
  downloadedTitle,
  failedText,
}: {
  /** Downloads the sheet; resolves to the name it was saved under. None: nothing to download yet. */
  download: ((format: ExportFormat) => Promise<string>) | null;
  excelLabel: string;
  csvLabel: string;
  downloadedTitle: string;
  /** What a failure's toast says when the server says nothing. */
  failedText: string;
}) {
  const [downloading, setDownloading] = useState<ExportFormat | null>(null);

  const save = async (format: ExportFormat) => {
    if (!download) return;
    setDownloading(format);
    try {
      const name = await download(format);
      notifyToast.success(downloadedTitle, { description: `${name} has been downloaded.` });
    } catch (error) {
      notifyToast.error('Download Failed', { description: serverMessage(error) ?? failedText });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={downloading !== null} onClick={() => void save('xlsx')}>
        <Download className="h-4 w-4" aria-hidden />
        {downloading === 'xlsx' ? 'Downloading...' : excelLabel}
      </Button>
      <Button variant="ghost" disabled={downloading !== null} onClick={() => void save('csv')}>
        {downloading === 'csv' ? 'Downloading...' : csvLabel}
      </Button>
    </div>
  );
}
