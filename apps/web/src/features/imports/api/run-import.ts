import type { ApiSuccess, ImportResult } from '@stockyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ImportUpload } from './preview-import';

/** The previewed file sent again: read, checked and written on the server in one transaction. */
function runImport({ kind, file }: ImportUpload): Promise<ApiSuccess<ImportResult>> {
  return api.upload<ApiSuccess<ImportResult>>(`/imports/${kind}`, file, { silent: true });
}

/** Imports a file; every list is read again, for an import may touch any of those it feeds. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
