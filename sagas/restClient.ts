/**
 * The REST client: base `/api`, cookies included, `X-Requested-With: XMLHttpRequest`, Zeppelin's
 * `{status, message, body}` envelope unwrapped. Errors are thrown as `HttpError`; the saga wrapper in
 * sagas/rest.ts turns each into an `httpResponseError` action (and a 405 into a session logout) before rethrowing.
 */
import { createAction } from '@reduxjs/toolkit';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    message: string,
    readonly body: unknown,
    /** The `Location` header, which Zeppelin sets on a 401 that should redirect the browser. */
    readonly location: string | null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RestClient {
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** For endpoints that answer plain text (Helium bundles). */
  text(path: string): Promise<string>;
  readonly base: string;
}

export const REST_BASE = '/api';

export const httpResponseError = createAction<{ method: string; path: string; status: number; message: string }>('http/httpResponseError');

function envelopeMessage(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}

export function createRestClient(fetchImpl: FetchLike, base: string = REST_BASE): RestClient {
  async function send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    let payload: BodyInit | undefined;
    if (body instanceof URLSearchParams) {
      payload = body;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
    try {
      return await fetchImpl(base + path, { method, headers, body: payload, credentials: 'include' });
    } catch (e) {
      throw new HttpError(0, method, path, `Could not connect to server: ${(e as Error).message}`, null, null);
    }
  }

  async function fail(res: Response, method: string, path: string): Promise<never> {
    let parsed: unknown = null;
    const raw = await res.text().catch(() => '');
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = raw;
    }
    const message = envelopeMessage(parsed) || (typeof parsed === 'string' && parsed) || res.statusText || `HTTP ${res.status}`;
    throw new HttpError(res.status, method, path, message, parsed, res.headers.get('Location'));
  }

  return {
    base,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await send(method, path, body);
      if (!res.ok) return fail(res, method, path);
      const raw = await res.text();
      if (!raw) return undefined as T;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return raw as T;
      }
      // Zeppelin's envelope: unwrap `body` when present, as both stock UIs do.
      if (typeof parsed === 'object' && parsed !== null && 'status' in parsed && 'body' in parsed) {
        return (parsed as { body: T }).body;
      }
      return parsed as T;
    },
    async text(path: string): Promise<string> {
      const res = await send('GET', path);
      if (!res.ok) return fail(res, 'GET', path);
      return res.text();
    },
  };
}
