/**
 * The Content-Security-Policy in Chromium: a note name and a result that try inline script run nothing in the app's
 * origin, the result's own script runs inside its sandboxed frame, and the editor and results keep working with
 * no other policy violation on the way.
 */
import { restBody } from './support/rest';
import { runInLastParagraph } from './support/paragraph';
import { serverAndBrowser } from './support/session';
import { waitUntil } from './support/wait';

const env = serverAndBrowser();

/** A note name that would run script if the page ever put it into the DOM as markup. */
const HOSTILE_NAME = '<img src=x onerror="window.__pwnedByName = 1">';
/** A paragraph whose result is HTML with an inline script (the display system's `%html` marker). */
const HTML_RESULT = `%sh\necho '%html <p id="probe">waiting</p><script>document.getElementById("probe").textContent = "inline script ran in the frame"; `
  + `try { parent.document.title = "pwned"; } catch (e) { document.body.dataset.parent = "unreachable"; }</script>'`;

interface Violation {
  directive: string;
  blocked: string;
}

test('the app and the result frame are served with their own policies', async () => {
  const app = await fetch(env.server.url);
  const policy = app.headers.get('content-security-policy') ?? '';
  const scriptSrc = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
  expect(scriptSrc).toBe("script-src 'self'");
  expect(policy).toContain("frame-src 'self'");
  expect(policy).toContain("object-src 'none'");
  const frame = await fetch(new URL('result-frame.html', env.server.url));
  expect(frame.status).toBe(200);
  expect(frame.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-popups allow-forms allow-modals');
});

test('a hostile note name and an inline-script result run nothing in the app; Monaco and results still work', async () => {
  const { page } = env.browser;
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __violations: Violation[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
  });
  const noteId = await restBody<string>(env.server.url, 'POST', '/api/notebook', { notePath: `/${HOSTILE_NAME}`, paragraphs: [{ text: HTML_RESULT }] });
  const note = await restBody<{ paragraphs: { id: string }[] }>(env.server.url, 'GET', `/api/notebook/${noteId}`);
  await restBody(env.server.url, 'POST', `/api/notebook/run/${noteId}/${note.paragraphs[0].id}`);

  await page.goto(`${env.server.url}#/notebook/${noteId}`);
  await page.getByRole('heading', { level: 1, name: HOSTILE_NAME }).waitFor();
  const doc = page.frameLocator('iframe.note-result-frame');
  await doc.locator(`.zeppelin-result[data-paragraph-id="${note.paragraphs[0].id}"]`).getByText('inline script ran in the frame').waitFor();
  await doc.locator('body[data-parent="unreachable"]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => (window as unknown as { __pwnedByName?: number }).__pwnedByName)).toBeUndefined();
  expect(await page.title()).not.toBe('pwned');
  const violations = () => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
  // Loading the app, the note and its result broke no rule.
  expect(await violations()).toEqual([]);

  // Script the page did not ship cannot run in the app's origin: no inline script, no eval.
  const injected = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__injected = 1';
    document.head.appendChild(s);
    return (window as unknown as { __injected?: number }).__injected;
  });
  expect(injected).toBeUndefined();
  // A string timer is compiled by the page itself when it fires (code run from the test tool is exempt from eval
  // checks), so it shows whether the page may turn text into code.
  await page.evaluate(() => {
    setTimeout('window.__evaluated = 1' as unknown as () => void, 0);
  });
  await waitUntil(violations, (vs) => vs.some((v) => v.blocked === 'eval'));
  expect(await page.evaluate(() => (window as unknown as { __evaluated?: number }).__evaluated)).toBeUndefined();
  const provoked = await violations();
  expect(provoked.map((v) => [v.directive, v.blocked]).sort()).toEqual([['script-src', 'eval'], ['script-src-elem', 'inline']]);

  // The editor (Monaco and its workers) and a freshly run result work under the policy.
  const p = await runInLastParagraph(page, env.server.url, noteId, '%md\n# Typed under the policy');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
  await doc.getByRole('heading', { name: 'Typed under the policy' }).waitFor();

  // Nothing else was refused on the way (the violations record lives in this document, which runInLastParagraph
  // navigated by hash only).
  expect(await violations()).toEqual(provoked);
});
