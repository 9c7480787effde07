import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field messages (a 400's `errors`) under the form's fields.
 * Answers whether any landed, so the caller knows the dialog shows what went wrong.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const { path, message } of error.errors) {
    const field = path.split('.')[0];
    if (field && fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/** The server's message of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status !== undefined ? error.message : undefined;
}
