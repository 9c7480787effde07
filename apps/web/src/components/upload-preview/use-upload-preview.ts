import type { ApiSuccess } from '@stockyard/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { notifyToast } from '@/lib/toast';

/** A chosen file with what else its call needs (the kind imported, the location counted). */
export type Upload<Params> = Params & { file: File };

/** A refusal's message, with the faults it lists (a cell and what is wrong there), the first `shown`. */
export function refusalText(error: unknown, fallback: string, shown = Number.POSITIVE_INFINITY) {
  const message = serverMessage(error) ?? fallback;
  if (!(error instanceof ApiError) || error.errors.length === 0) return message;
  const faults = error.errors.slice(0, shown).map((fault) => `${fault.path}: ${fault.message}`);
  return `${message} ${faults.join('; ')}`;
}

/** The flow's state and actions, for the screen that shows it. */
export type UploadPreviewFlow<Preview> = {
  /** Takes a chosen file; none, and the preview goes. */
  choose: (file: File | null) => void;
  /** Starts afresh: no file, no preview, an empty file input. */
  reset: () => void;
  /** The file input's key: a new one empties it. */
  inputKey: number;
  reading: boolean;
  /** Why the file could not be read, if it could not. */
  unreadable: Error | null;
  faultsShown: number | undefined;
  /** The preview shown, once read. */
  result: Preview | undefined;
  /** The preview's rows in error (none before one is read). */
  errors: number;
  canConfirm: boolean;
  confirm: () => Promise<void>;
  confirming: boolean;
  confirmError: string | null;
};

type UploadPreviewOptions<Params, Preview, Result> = {
  /** What the calls need beside the file; null while it is missing or wrong, and nothing is read. */
  params: Params | null;
  /** Reads the file and writes nothing. */
  preview: UseMutationResult<ApiSuccess<Preview>, Error, Upload<Params>>;
  /** Sends the previewed file again, to be written. */
  confirm: UseMutationResult<ApiSuccess<Result>, Error, Upload<Params>>;
  /** A preview's rows in error: while there is one, nothing can be confirmed. */
  errorsIn: (preview: Preview) => number;
  /** The toast's title once written; its text is the server's message. */
  confirmedTitle: string;
  /** What a refused confirmation says when the server says nothing. */
  confirmFailed: string;
  /** How many of a refusal's faults are listed; every one unless told. */
  faultsShown?: number;
  /** After a confirmation, once the flow has started afresh (a dialog closes). */
  onConfirmed?: () => void;
};

/**
 * Upload → preview → confirm (the Import page, a stock-take): the chosen file is read, again
 * whenever `params` change, and shown row by row; once no row is in error it can be confirmed,
 * which sends the same file to be written.
 */
export function useUploadPreview<Params extends object, Preview, Result>({
  params,
  preview,
  confirm,
  errorsIn,
  confirmedTitle,
  confirmFailed,
  faultsShown,
  onConfirmed,
}: UploadPreviewOptions<Params, Preview, Result>): UploadPreviewFlow<Preview> {
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input: after a fresh start or a confirmed file.
  const [inputKey, setInputKey] = useState(0);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const runPreview = preview.mutate;
  const resetPreview = preview.reset;
  // The same params in new objects are the same request: the file is not read again for them.
  const paramsKey = params === null ? null : JSON.stringify(params);
  const request = useMemo(
    () => (paramsKey === null ? null : (JSON.parse(paramsKey) as Params)),
    [paramsKey],
  );

  useEffect(() => {
    if (!file || !request) return;
    setConfirmError(null);
    runPreview({ ...request, file });
  }, [file, request, runPreview]);

  const choose = useCallback(
    (chosen: File | null) => {
      setFile(chosen);
      if (!chosen) resetPreview();
    },
    [resetPreview],
  );

  const reset = useCallback(() => {
    setFile(null);
    setConfirmError(null);
    setInputKey((key) => key + 1);
    resetPreview();
  }, [resetPreview]);

  const result = preview.isPending ? undefined : preview.data?.data;
  const errors = result === undefined ? 0 : errorsIn(result);
  const canConfirm =
    request !== null && file !== null && result !== undefined && errors === 0 && !confirm.isPending;

  const confirmFile = async () => {
    if (!request || !file || !canConfirm) return;
    setConfirmError(null);
    try {
      const answer = await confirm.mutateAsync({ ...request, file });
      notifyToast.success(confirmedTitle, { description: answer.message });
      reset();
      onConfirmed?.();
    } catch (error) {
      setConfirmError(refusalText(error, confirmFailed, faultsShown));
    }
  };

  return {
    choose,
    reset,
    inputKey,
    reading: preview.isPending,
    unreadable: preview.isError ? preview.error : null,
    faultsShown,
    result,
    errors,
    canConfirm,
    confirm: confirmFile,
    confirming: confirm.isPending,
    confirmError,
  };
}
