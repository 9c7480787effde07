import { ERROR_CODES, type ErrorCode, type FieldError } from '@stockyard/shared';

/** An error the client may see: its code decides the HTTP status, its message is shown as is. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
  }
}

export const notFound = (message = 'The requested resource was not found.') =>
  new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to access this resource.') =>
  new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError('VALIDATION_ERROR', message, errors);
