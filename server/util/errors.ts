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

/**
 * `text` with every mention of the given folders (the notebook and conf folders) made relative to them, so error
 * texts sent to clients never show where the server keeps its files.
 */
export function redactPaths(text: string, roots: readonly string[]): string {
  let out = text;
  for (const root of [...roots].filter((r) => r !== '').sort((a, b) => b.length - a.length)) {
    const bare = root.replace(/\/+$/, '');
    out = out.split(`${bare}/`).join('').split(bare).join('.');
  }
  return out;
}

/** File-system failures a request caused (a name too long, a file where a folder must go) rather than the server. */
const REQUEST_CAUSED: Readonly<Record<string, RestStatus>> = {
  ENAMETOOLONG: 'BAD_REQUEST', EINVAL: 'BAD_REQUEST', ENOTDIR: 'CONFLICT', EISDIR: 'CONFLICT', EEXIST: 'CONFLICT', ENOTEMPTY: 'CONFLICT',
};

/** A note file that could not be written or read, as an error naming the file relative to the notebook folder. */
export function storageFailure(e: unknown, root: string, what = 'save the note'): ZeppelinError {
  if (e instanceof ZeppelinError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  const message = `Could not ${what}: ${redactPaths(errorMessage(e), [root])}`;
  return new ZeppelinError(message, (code && REQUEST_CAUSED[code]) || 'INTERNAL_SERVER_ERROR');
}
