import { type ExportFormat, type ImportKind, importTemplateName } from '@stockyard/shared';
import { downloadFile } from '@/lib/api-client';

/** Downloads a kind's template; resolves to the name it was saved under. */
export function downloadTemplate(kind: ImportKind, format: ExportFormat): Promise<string> {
  return downloadFile(`/imports/${kind}/template`, `${importTemplateName(kind)}.${format}`, {
    format,
  });
}
