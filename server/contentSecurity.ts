/**
 * The Content-Security-Policy of every response (README, "Security"). The app may run only its own scripts and
 * workers: no inline script and no eval in the app's origin, so a note name or a result that smuggles markup into
 * the page cannot run anything there. Results with HTML run in one page only, the note's result document
 * (result-frame.html), whose own policy sandboxes it into an opaque origin and lets the note's scripts run inside it.
 *
 * Helium visualization and spell bundles are scripts of this server (`/api/helium/bundle/load/<name>`) that the app
 * loads by URL (src/app/browserDeps.ts bundleLoader), so `script-src 'self'` covers them.
 *
 * What is allowed beyond the app's own files, and why:
 * - `style-src 'unsafe-inline'`: Monaco, React and the chart libraries set styles at run time; styles cannot run code.
 * - `img-src *`, `connect-src http: https:`: images in results and map tiles from configured servers; importing a
 *   note from a URL fetches that URL from the browser.
 */
import { RESULT_FRAME, RESULT_FRAME_POLICY } from './static';

const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The note's result document (server/static.ts) gets its own policy: sandboxed even when opened on its own (no
 * same-origin rights: it cannot read the app's cookies, storage or DOM), and within that sandbox as open as a
 * result's HTML needs (no source lists, so the notes' inline scripts run there and only there).
 */
export const contentSecurityPolicy = (path: string): string => (path === `/${RESULT_FRAME}` ? RESULT_FRAME_POLICY : APP_POLICY);
