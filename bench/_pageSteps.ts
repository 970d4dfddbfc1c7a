/** Steps on the note page shared by the browser benchmarks. */
import type { Page } from 'playwright-core';

const STEP_TIMEOUT_MS = 30_000;

/**
 * From the route change to the frame after every paragraph whose top is in the viewport is drawn with its results.
 * (The old check wanted more than three paragraphs on screen, which a 5-paragraph note of 400-pixel paragraphs never
 * has, so the warm-up waited forever.) Rejects after timeoutMs.
 */
export async function firstScreen(page: Page, noteId: string, timeoutMs = STEP_TIMEOUT_MS): Promise<number> {
  await page.evaluate(() => { location.hash = '#/'; });
  await page.getByRole('status', { name: 'WebSocket Connected' }).waitFor({ timeout: timeoutMs });
  await page.locator('section[id^="paragraph_"]').first().waitFor({ state: 'detached', timeout: timeoutMs });
  return page.evaluate(([id, limit]) => new Promise<number>((resolve, reject) => {
    const t0 = performance.now();
    location.hash = `#/notebook/${id}`;
    const check = () => {
      if (performance.now() - t0 > limit) {
        reject(new Error(`note ${id}: first screen not drawn in ${limit} ms`));
        return;
      }
      // In document order: the walk stops at the first paragraph below the viewport, whatever the note's length.
      const inView: Element[] = [];
      for (const s of document.querySelectorAll('section[id^="paragraph_"]')) {
        if (s.getBoundingClientRect().top >= innerHeight) break;
        inView.push(s);
      }
      const ready = inView.length > 0 && inView.every((s) => !s.classList.contains('paragraph-placeholder') && s.querySelector('.paragraph-results'));
      if (ready) requestAnimationFrame(() => resolve(performance.now() - t0));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }), [noteId, timeoutMs] as const);
}


/**
 * Scrolls the open note down by one viewport height `steps` times; each step is timed from the scroll to the frame
 * after every paragraph in the viewport is drawn with its results. Starts from the top.
 */
export async function scrollSteps(page: Page, steps: number, timeoutMs = STEP_TIMEOUT_MS): Promise<number[]> {
  return page.evaluate(([n, limit]) => new Promise<number[]>((resolve, reject) => {
    const times: number[] = [];
    scrollTo(0, 0);
    const drawn = () => {
      const sections = document.querySelectorAll('section[id^="paragraph_"]');
      // Paragraphs are in document order: a binary search finds the first one reaching into the viewport, so the
      // check costs the same at any depth of any note.
      let lo = 0;
      let hi = sections.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sections[mid].getBoundingClientRect().bottom <= 0) lo = mid + 1;
        else hi = mid;
      }
      let seen = 0;
      for (let i = lo; i < sections.length; i++) {
        const s = sections[i];
        if (s.getBoundingClientRect().top >= innerHeight) break;
        if (s.classList.contains('paragraph-placeholder') || !s.querySelector('.paragraph-results')) return false;
        seen++;
      }
      return seen > 0;
    };
    let t0 = 0;
    const step = () => {
      if (times.length === n) {
        resolve(times);
        return;
      }
      t0 = performance.now();
      scrollBy(0, innerHeight);
      requestAnimationFrame(check);
    };
    const check = () => {
      if (performance.now() - t0 > limit) {
        reject(new Error(`scroll step ${times.length + 1} not drawn in ${limit} ms`));
        return;
      }
      if (drawn()) {
        requestAnimationFrame(() => {
          times.push(performance.now() - t0);
          step();
        });
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(step);
  }), [steps, timeoutMs] as const);
}
