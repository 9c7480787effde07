import {
  type FieldError,
  NETWORK_ERROR_MESSAGE,
  PUBLIC_PATHS,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_TOAST,
  toastForStatus,
  UNEXPECTED_ERROR_MESSAGE,
} from '@stockyard/shared';
import { sessionStore } from './session';
import { notifyToast as toast } from './toast';

/** A failed call: `status` is undefined when no answer came (network error or timeout). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errors: FieldError[] = [],
    readonly timedOut = false,
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
};

export const API_ROOT = '/api';

const TOAST_ID = 'api-status';

/** The one toast for a failed call (01-core.md section 8). */
export function showErrorToast(error: unknown): void {
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

/** A dead session: clear it and go to the sign-in page, unless already on a public page. */
function handleUnauthorized(): void {
  if (!sessionStore.token() || isPublicPath(window.location.pathname)) return;
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

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = sessionStore.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
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
  if (response.ok) return payload as T;

  const error = new ApiError(
    (payload && typeof payload.message === 'string' && payload.message) || UNEXPECTED_ERROR_MESSAGE,
    response.status,
    Array.isArray(payload?.errors) ? payload.errors : [],
  );
  if (response.status === 401) handleUnauthorized();
  if (!options.silent) showErrorToast(error);
  throw error;
}

/** Downloads a file answer (spreadsheets) with the bearer token. */
export async function downloadFile(
  path: string,
  filename: string,
  query?: QueryParams,
): Promise<void> {
  const token = sessionStore.token();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
  });
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    if (response.status === 401) handleUnauthorized();
    throw new ApiError(payload?.message || UNEXPECTED_ERROR_MESSAGE, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
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
};
