import {
  type FieldError,
  IDEMPOTENCY_KEY_HEADER,
  NETWORK_ERROR_MESSAGE,
  PUBLIC_PATHS,
  REQUEST_TIMEOUT_MS,
  type SessionEndReason,
  sessionEndReasonOf,
  TIMEOUT_TOAST,
  takesIdempotencyKey,
  toastForStatus,
  UNEXPECTED_ERROR_MESSAGE,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_TIMEOUT_MS,
} from '@stockyard/shared';
import { sessionStore } from './session';
import { notifyToast as toast } from './toast';
import { twoFactorGate } from './two-factor-gate';

/** A failed call: `status` is undefined when no answer came (network error or timeout). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errors: FieldError[] = [],
    readonly timedOut = false,
    /** The error's code from the answer (`REQUEST_IN_PROGRESS`, ...), when there was one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: QueryParams;
  body?: unknown;
  /** Leave the error toast to the caller (it shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
  /** A write's own Idempotency-Key, kept with it on the device (the outbox) and sent each time. */
  idempotencyKey?: string;
};

const API_ROOT = '/api';

const TOAST_ID = 'api-status';

/** The one toast for a failed call (01-core.md section 8). */
function showErrorToast(error: unknown): void {
  if (!(error instanceof ApiError)) {
    toast.error('Error', { id: TOAST_ID, description: UNEXPECTED_ERROR_MESSAGE });
    return;
  }
  if (error.timedOut) {
    toast.error(TIMEOUT_TOAST.title, { id: TOAST_ID, description: TIMEOUT_TOAST.message });
    return;
  }
  if (error.status === undefined) {
    toast.error('Network Error', { id: TOAST_ID, description: NETWORK_ERROR_MESSAGE });
    return;
  }
  const spec = toastForStatus(error.status, error.message);
  toast.error(spec.title, { id: TOAST_ID, description: spec.message });
}

function isPublicPath(pathname: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(pathname);
}

/**
 * The session was ended by an admin (the socket's `session:ended`): clear it and go to the
 * sign-in page, which says why.
 */
export function endSession(reason: SessionEndReason): void {
  sessionStore.clear();
  window.location.assign(`/login?ended=${encodeURIComponent(reason)}`);
}

/**
 * A dead session: clear it and go to the sign-in page, unless already on a public page. When the
 * 401's code says the account was deactivated or deleted (a screen that missed `session:ended`,
 * asleep or offline), the sign-in page says so, as after the socket's word.
 */
function handleUnauthorized(code: unknown): void {
  if (!sessionStore.token() || isPublicPath(window.location.pathname)) return;
  const reason = sessionEndReasonOf(code);
  if (reason) {
    endSession(reason);
    return;
  }
  sessionStore.clear();
  window.location.assign('/login');
}

function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_ROOT}${path}${search ? `?${search}` : ''}`;
}

/**
 * The Idempotency-Key of each write not yet answered, by method, URL and body (decision 019). A
 * write sent again while the first is unanswered (a double click) or after its answer was lost (no
 * answer, a timeout, a 5xx, or the server still busy with it) takes the same key: the server
 * answers the first answer again, and nothing is done twice. Any other answer ends the key, so
 * that the next submit, the same one too, is a new request.
 */
const unansweredKeys = new Map<string, string>();
/** The oldest unanswered keys are forgotten past this many. */
const UNANSWERED_KEYS_KEPT = 50;

/** A random UUID; `crypto.randomUUID` exists only on HTTPS and localhost. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function idempotencyKeyOf(write: string): string {
  let key = unansweredKeys.get(write);
  if (!key) {
    key = newIdempotencyKey();
    unansweredKeys.set(write, key);
    const oldest = unansweredKeys.keys().next().value;
    if (unansweredKeys.size > UNANSWERED_KEYS_KEPT && oldest !== undefined) {
      unansweredKeys.delete(oldest);
    }
  }
  return key;
}

/** Whether a write's answer may not be its outcome, so that sending it again keeps its key. */
const outcomeUnknown = (status: number | undefined, code: unknown) =>
  status === undefined || status >= 500 || code === 'REQUEST_IN_PROGRESS';

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // The call is made once its caller's stack has unwound. A screen's reads start inside React's
  // commit, a hundred calls deep, and a browser tracing the page (Lighthouse on a phone) records
  // that stack with each fetch and timer: there, a few ms a call in the task that paints the page.
  await Promise.resolve();
  const controller = new AbortController();
  // A file goes as its bytes (an upload: lib/upload.ts on the server), anything else as JSON.
  const file = options.body instanceof File ? options.body : null;
  const timer = setTimeout(
    () => controller.abort('timeout'),
    file ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) {
    headers['content-type'] = file ? UPLOAD_CONTENT_TYPE : 'application/json';
  }
  const url = buildUrl(path, options.query);
  const body = file ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const sent = file ? `file ${file.name} ${file.size} ${file.lastModified}` : (body ?? '');
  const write = takesIdempotencyKey(method, url.split('?')[0]!)
    ? `${method} ${url}\n${sent}`
    : null;
  if (write) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? idempotencyKeyOf(write);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: controller.signal });
  } catch (cause) {
    const timedOut = controller.signal.reason === 'timeout';
    const error = new ApiError(
      timedOut ? TIMEOUT_TOAST.message : NETWORK_ERROR_MESSAGE,
      undefined,
      [],
      timedOut,
    );
    if (options.signal?.aborted && !timedOut) throw cause;
    if (!options.silent) showErrorToast(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const isJson = response.headers.get('content-type')?.includes('application/json');
  const payload = isJson ? await response.json().catch(() => null) : null;
  if (write && !outcomeUnknown(response.status, payload?.code)) unansweredKeys.delete(write);
  if (response.ok) return payload as T;

  const error = new ApiError(
    (payload && typeof payload.message === 'string' && payload.message) || UNEXPECTED_ERROR_MESSAGE,
    response.status,
    Array.isArray(payload?.errors) ? payload.errors : [],
    false,
    typeof payload?.code === 'string' ? payload.code : undefined,
  );
  if (response.status === 401) handleUnauthorized(payload?.code);
  // The setup the server holds this admin to is shown in place of the page: no toast.
  if (payload?.code === 'TWO_FACTOR_SETUP_REQUIRED') {
    twoFactorGate.set(true);
    throw error;
  }
  if (!options.silent) showErrorToast(error);
  throw error;
}

/** The file name a Content-Disposition gives: its UTF-8 name (RFC 5987), else its plain one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!);
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * Downloads a file answer (spreadsheets) with the bearer token, under the name the server gives
 * it (Content-Disposition), else `filename`. Resolves to the name it was saved under.
 */
export async function downloadFile(
  path: string,
  filename: string,
  query?: QueryParams,
): Promise<string> {
  const token = sessionStore.token();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
  });
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    if (response.status === 401) handleUnauthorized(payload?.code);
    throw new ApiError(payload?.message || UNEXPECTED_ERROR_MESSAGE, response.status);
  }
  const name = attachmentName(response.headers.get('content-disposition')) ?? filename;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body: body ?? {} }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** POSTs a chosen file as its bytes, its name in the query (`fileName`), as uploads take it. */
  upload: <T>(path: string, file: File, options?: RequestOptions) =>
    request<T>('POST', path, {
      ...options,
      query: { ...options?.query, fileName: file.name },
      body: file,
    }),
};
