import type { ApiSuccess, ImportKind, ImportPreview } from '@stockyard/shared';
import { useMutation } from '@tanstack/react-query';
import type { Upload } from '@/components/upload-preview/use-upload-preview';
import { api } from '@/lib/api-client';

export type ImportUpload = Upload<{ kind: ImportKind }>;

/** A chosen file read and checked row by row; nothing is written. */
function previewImport({ kind, file }: ImportUpload): Promise<ApiSuccess<ImportPreview>> {
  // The page shows a refused file's message (no such column, not a spreadsheet) itself.
  return api.upload<ApiSuccess<ImportPreview>>(`/imports/${kind}/preview`, file, { silent: true });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
