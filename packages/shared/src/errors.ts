import { z } from 'zod';

/** Error codes of the API, each with its HTTP status; the one table both ends read. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  /**
   * A signed-in call whose session ended because its account was deactivated, or deleted: said
   * only to that session's own token (a valid one), so that a screen that missed `session:ended`
   * says why too. A session ended otherwise (signed out, expired, a password reset) is UNAUTHORIZED.
   */
  SESSION_ENDED_DEACTIVATED: 401,
  SESSION_ENDED_DELETED: 401,
  FORBIDDEN: 403,
  /** The right password of a deactivated account: said only to whoever knows the password. */
  ACCOUNT_DEACTIVATED: 403,
  /** An admin without two-factor sign-in while the company requires it: set it up first. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_STOCK: 409,
  /** Another request with this Idempotency-Key has not been answered yet: try again shortly. */
  REQUEST_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An Idempotency-Key already used for another request (decision 019). */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every refusal of the API: the response schema of each route's error statuses. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODE_NAMES),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof errorBodySchema>;

export type ApiSuccess<T> = {
  success: true;
  message: string;
  data: T;
  pagination?: Pagination;
};

export const paginationSchema = z.object({
  total: z.int().min(0),
  totalPages: z.int().min(1),
  page: z.int().min(1),
  limit: z.int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  accountDeactivated: 'Your account has been deactivated. Ask an administrator to activate it.',
  twoFactorSetupRequired: 'Set up two-factor sign-in first: this company requires it for admins.',
  accountDeleted: 'Your account has been deleted. Ask an administrator if you need access again.',
  unauthorized: 'You are not authorized. Please log in.',
  forbidden: 'You do not have permission to access this resource.',
  notFound: 'The requested resource was not found.',
  internal: 'A server error occurred. Please try again later.',
  /** The database cannot be reached for now (health, and any call meanwhile). */
  unavailable: 'Service is temporarily unavailable.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  payloadTooLarge: 'The request is too large.',
  // The router's maxParamLength (apps/api/src/app.ts) sets the 200.
  uriTooLong: 'A part of the address is too long (at most 200 characters).',
  badUrl: 'The address is not valid.',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  /** A JSON body that is not an object (null, a number, a string, a list): every route takes an object. */
  bodyNotObject: 'The request body must be a JSON object.',
  /** A change that met another at the same moment and could not be settled by trying again. */
  concurrentChange: 'Another change was being saved at the same time. Please try again.',
  locationNotFound: 'Location not found',
  otherLocation: 'You can only make changes at your own location.',
  // The Idempotency-Key header of a write.
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 1 to 255 printable characters (letters, digits, punctuation, spaces).',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being carried out. Try again in a moment.',
  idempotencyAnswerLost:
    'The request with this Idempotency-Key was carried out, but its answer was lost. Reload to see the change.',
  // A replay after the user was moved to another location.
  idempotencyOtherLocation:
    'This request was made for a location you no longer work at, so its answer is not sent again. Reload to see what you may.',
} as const;

/** A stock movement larger than the stock: the server's 409, and the transfer form's own check. */
export function insufficientStockMessage(available: number): string {
  return `Insufficient stock: only ${available} available`;
}

/** The generic mapping of a failed call to a toast (01-core.md section 8). */
export type ToastSpec = { title: string; message: string };

export function toastForStatus(status: number | undefined, serverMessage?: string): ToastSpec {
  switch (status) {
    case 400:
      return { title: 'Bad Request', message: serverMessage || 'Invalid input provided.' };
    case 401:
      return { title: 'Unauthorized', message: 'You are not authorized. Please log in.' };
    case 403:
      return {
        title: 'Forbidden',
        message: 'You do not have permission to access this resource.',
      };
    case 404:
      return { title: 'Not Found', message: 'The requested resource was not found.' };
    case 409:
      return {
        title: 'Conflict',
        message: serverMessage || 'A conflict occurred. Please try again.',
      };
    case 422:
      return {
        title: 'Unprocessable Entity',
        message: serverMessage || 'The server could not process the request.',
      };
    case 500:
      return { title: 'Server Error', message: 'A server error occurred. Please try again later.' };
    case 503:
      return { title: 'Service Unavailable', message: MESSAGES.unavailable };
    default:
      return {
        title: `Error (${status})`,
        message: serverMessage || 'An unknown error occurred.',
      };
  }
}

export const TIMEOUT_TOAST: ToastSpec = {
  title: 'Timeout',
  message: 'The request timed out. Please try again.',
};
export const NETWORK_ERROR_MESSAGE = 'Network error - please check your connection';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
