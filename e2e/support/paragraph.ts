/** Typing into a note from a browser test the way a user does: click the editor, replace its text, Shift+Enter. */
import type { Locator, Page } from 'playwright-core';
import { waitUntil } from './wait';

/**
 * Types into the note's last paragraph and runs it. Running the last paragraph makes the server append an empty
 * one, so each call gets a fresh paragraph with its editor shown (a run %md paragraph hides its editor).
 */
export async function runInLastParagraph(page: Page, baseUrl: string, noteId: string, text: string): Promise<Locator> {
  await page.goto(`${baseUrl}#/notebook/${noteId}`);
  const last = page.locator('[id^="paragraph_"]').last();
  await last.waitFor({ state: 'attached' });
  const id = ((await last.getAttribute('id')) ?? '').replace(/^paragraph_/, '');
  await page.goto(`${baseUrl}#/notebook/${noteId}/paragraph/${id}`);
  const p = page.locator(`#paragraph_${id}`);
  await scrollToParagraph(p);
  await (await editorLines(p)).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Enter');
  return p;
}

/**
 * Scrolls a paragraph (`#paragraph_<id>`) into view until the paragraph itself, not its placeholder, is drawn.
 * Paragraphs far from the viewport are placeholders that the page swaps for the paragraph (and back) as it scrolls:
 * the element can be replaced while Playwright's own scrollIntoViewIfNeeded works on it, which then fails with "not
 * attached to the DOM". Each try here looks the element up afresh.
 */
export async function scrollToParagraph(paragraph: Locator): Promise<void> {
  const el = paragraph.first();
  await waitUntil(async () => {
    await el.evaluate((e) => e.scrollIntoView({ block: 'center' }), undefined, { timeout: 5_000 }).catch(() => undefined);
    return el.evaluate((e) => e.isConnected && !e.classList.contains('paragraph-placeholder'), undefined, { timeout: 5_000 }).catch(() => false);
  }, (drawn) => drawn);
}

/**
 * A paragraph's Monaco editor (its `.view-lines`), built the way a user's pointer builds it: resting on the paragraph's
 * text (src/editor/LazyCodeEditor.tsx builds an editor only when it is wanted). An editor already built is returned
 * as it is.
 */
export async function editorLines(paragraph: Locator): Promise<Locator> {
  const lines = paragraph.locator('.monaco-editor .view-lines');
  const text = paragraph.locator('pre.paragraph-text');
  await waitUntil(async () => {
    if (await lines.count()) return true;
    // The text may turn into the editor while the pointer is on its way (a focus request built it).
    await text.hover({ timeout: 5_000 }).catch(() => undefined);
    return lines.waitFor({ timeout: 5_000 }).then(() => true, () => false);
  }, (built) => built);
  return lines;
}

/**
 * The text of each paragraph editor under `scope` as the page shows it, from the editor where one is built, else from
 * the paragraph's plain text; blank lines are left out of both, as Monaco's lines read back through innerText.
 */
export async function shownTexts(scope: Locator | Page): Promise<string[]> {
  return scope.locator('.monaco-editor .view-lines, pre.paragraph-text').evaluateAll((els) => els.map((e) => {
    const lines = e.matches('pre') ? [...e.querySelectorAll('.paragraph-line')].map((l) => l.textContent ?? '') : (e as HTMLElement).innerText.split('\n');
    return lines.filter((l) => l !== '').join('\n').replace(/\u00a0/g, ' ');
  }));
}
