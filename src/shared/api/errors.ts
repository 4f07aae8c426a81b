/** The error rules of docs/product.md §8 in one place: what failed, and how the shop reacts to it. */

export type ApiErrorKind =
  /** The envelope's status was not 200; `status` is that status and `message` the server's msg. */
  | 'business'
  /** The HTTP status was not 2xx (403 included). */
  | 'http'
  /** No answer: refused connection, DNS, timeout. */
  | 'network'
  /** The answer did not match the contract's schema. */
  | 'schema';

/** A failed call, naming the endpoint so a broken build or log line says where it broke. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number;

  constructor(kind: ApiErrorKind, endpoint: string, status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.endpoint = endpoint;
    this.status = status;
  }

  /** A member's session is gone: body status 401 (docs/product.md §8). */
  get expired(): boolean {
    return this.kind === 'business' && this.status === 401;
  }

  /** Line for logs and build failures. */
  describe(): string {
    return `[${this.endpoint}] ${this.kind} ${this.status}: ${this.message}`;
  }
}

/** Text shown when a session expired (docs/product.md §8). */
export const SESSION_EXPIRED_TEXT = '登录过期';

/** How the shop answers a failed call. */
export type Reaction =
  | { type: 'session-expired'; toast: string }
  | { type: 'toast'; toast: string }
  | { type: 'error-page'; path: '/error' };

/** docs/product.md §8: body 401 clears the session and opens login; other body statuses toast the server msg; HTTP and network failures go to /error. */
export function reactTo(error: ApiError): Reaction {
  if (error.expired) return { type: 'session-expired', toast: SESSION_EXPIRED_TEXT };
  if (error.kind === 'business') return { type: 'toast', toast: error.message || '操作失败，请稍后再试' };
  return { type: 'error-page', path: '/error' };
}

/** True when the backend could not be reached or answered garbage: SSR pages show the 503 page for these. */
export function isOutage(error: unknown): boolean {
  return error instanceof ApiError && error.kind !== 'business';
}

/** What the /error page says for an HTTP status; anything unknown gets the general text. */
export function httpErrorText(status: number): string {
  if (status === 403) return '没有权限访问该内容（403）。如需开通权限，请联系客服。';
  if (status === 404) return '请求的内容不存在（404）。';
  if (status === 408 || status === 504) return '服务器响应超时，请检查网络后重试。';
  if (status === 429) return '操作过于频繁，请稍后再试。';
  if (status >= 500 && status < 600) return `服务器繁忙（${status}），请稍后重试。`;
  if (status === 0) return '网络连接失败，请检查网络后重试。';
  return '请求失败，请稍后重试。';
}
