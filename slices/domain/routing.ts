/**
 * The hash routes of the spec and the routing rules, as pure functions so they are tested without a browser.
 */

export type RouteMatch =
  | { page: 'home' }
  | { page: 'note'; noteId: string; paragraphId?: string; revisionId?: string }
  | { page: 'jobmanager' }
  | { page: 'interpreter' }
  | { page: 'notebookRepos' }
  | { page: 'credential' }
  | { page: 'helium' }
  | { page: 'configuration' }
  | { page: 'search'; term: string }
  | { page: 'cluster' }
  | { page: 'clusterNode'; nodeName: string; intpName: string }
  | { page: 'replay' }
  | { page: 'unknown' };

export type PageName = RouteMatch['page'];

const seg = '([^/]+)';
const ROUTES: ReadonlyArray<[RegExp, (m: string[]) => RouteMatch]> = [
  [/^\/$/, () => ({ page: 'home' })],
  [new RegExp(`^/notebook/${seg}$`), (m) => ({ page: 'note', noteId: m[1] })],
  [new RegExp(`^/notebook/${seg}/paragraph/${seg}$`), (m) => ({ page: 'note', noteId: m[1], paragraphId: m[2] })],
  [new RegExp(`^/notebook/${seg}/revision/${seg}$`), (m) => ({ page: 'note', noteId: m[1], revisionId: m[2] })],
  [/^\/jobmanager$/, () => ({ page: 'jobmanager' })],
  [/^\/interpreter$/, () => ({ page: 'interpreter' })],
  [/^\/notebookRepos$/, () => ({ page: 'notebookRepos' })],
  [/^\/credential$/, () => ({ page: 'credential' })],
  [/^\/helium$/, () => ({ page: 'helium' })],
  [/^\/configuration$/, () => ({ page: 'configuration' })],
  [new RegExp(`^/search/(.+)$`), (m) => ({ page: 'search', term: m[1] })],
  [/^\/cluster$/, () => ({ page: 'cluster' })],
  [new RegExp(`^/cluster/${seg}/${seg}$`), (m) => ({ page: 'clusterNode', nodeName: m[1], intpName: m[2] })],
  [/^\/replay$/, () => ({ page: 'replay' })],
];

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function matchRoute(path: string): RouteMatch {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const [re, build] of ROUTES) {
    const m = re.exec(clean);
    if (m) return build(m.map(decode));
  }
  return { page: 'unknown' };
}

/** Routes that need no ticket: home (where login lives) and the offline replay page. */
export const PUBLIC_PAGES: ReadonlySet<PageName> = new Set(['home', 'replay']);

export const isPublicPath = (path: string): boolean => PUBLIC_PAGES.has(matchRoute(path).page);

/**
 * Where a navigation must go instead, or null to let it through:
 * - an unknown path goes to `/`;
 * - without a ticket, a non-public path goes to `/` with `ref` = the wanted path (an existing `ref` is kept).
 */
export function guardRoute(path: string, search: string, hasTicket: boolean): string | null {
  if (matchRoute(path).page === 'unknown') return '/';
  if (hasTicket || isPublicPath(path)) return null;
  const existingRef = new URLSearchParams(search).get('ref');
  return `/?ref=${encodeURIComponent(existingRef ?? path)}`;
}

/** The `ref` to return to after a login, if the current search carries one that is a known route. */
export function refFromSearch(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref');
  if (!ref || !ref.startsWith('/') || matchRoute(ref.split('?')[0]).page === 'unknown') return null;
  return ref;
}

/** Splits a hash (`#/notebook/X?paragraph=p`) into path and search. */
export function splitHash(hash: string): { path: string; search: string } {
  const h = hash.replace(/^#/, '') || '/';
  const q = h.indexOf('?');
  return q < 0 ? { path: h, search: '' } : { path: h.slice(0, q) || '/', search: h.slice(q + 1) };
}

/** The product name the title is reset to on every route change. */
export const PRODUCT_TITLE = 'Zeppelin';

/** Delay before returning to `ref` after a login (spec: about 100 ms). */
export const POST_LOGIN_REDIRECT_MS = 100;
