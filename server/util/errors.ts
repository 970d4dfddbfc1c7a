/**
 * One error type for everything a request can get wrong. `status` is the JAX-RS enum name REST answers with
 * (PROTOCOL 3.1); `wsInfo` is the text the websocket side sends in ERROR_INFO (Zeppelin's own wording where it
 * has one, with the cause appended the way Zeppelin appends it).
 */
export type RestStatus =
  | 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'INTERNAL_SERVER_ERROR' | 'NOT_ACCEPTABLE' | 'SERVICE_UNAVAILABLE'
  | 'UNAUTHORIZED' | 'METHOD_NOT_ALLOWED' | 'TOO_MANY_REQUESTS';

export const STATUS_CODES: Record<RestStatus | 'OK', number> = {
  OK: 200, BAD_REQUEST: 400, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, NOT_ACCEPTABLE: 406,
  INTERNAL_SERVER_ERROR: 500, SERVICE_UNAVAILABLE: 503, UNAUTHORIZED: 401, METHOD_NOT_ALLOWED: 405, TOO_MANY_REQUESTS: 429,
};

export class ZeppelinError extends Error {
  constructor(
    message: string,
    readonly status: RestStatus = 'BAD_REQUEST',
    readonly wsInfo: string = message,
  ) {
    super(message);
    this.name = 'ZeppelinError';
  }
}

export const noSuchNote = (id: string): ZeppelinError =>
  new ZeppelinError(`No such note: ${id}`, 'NOT_FOUND', `HTTP 404 Not Found, cause: No such note: ${id}`);

export const noSuchParagraph = (id: string): ZeppelinError =>
  new ZeppelinError(`No such paragraph: ${id}`, 'NOT_FOUND', `HTTP 404 Not Found, cause: No such paragraph: ${id}`);

/** Zeppelin's NotePathAlreadyExistsException text. */
export const pathExists = (path: string): ZeppelinError => new ZeppelinError(`Note '${path}' existed`, 'CONFLICT');

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
