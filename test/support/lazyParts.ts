/**
 * The note page loads its code editor and result views lazily (React.lazy). The first render of a test file starts
 * those loads, and in a test that asserts synchronously they finish after its last act(), which React reports as "A
 * suspended resource finished loading inside a test, but the event was not wrapped in act(...)". A file that renders
 * the note page synchronously loads them once first: `beforeAll(() => loadLazyParts(() => render(…)))`. Later renders
 * find them loaded and do not suspend.
 */
import { act, cleanup } from '@testing-library/react';

export async function loadLazyParts(renderOnce: () => unknown): Promise<void> {
  await act(async () => {
    renderOnce();
    // A macrotask: every promise of the loads (module, then its export) settles inside this act().
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  cleanup();
}
