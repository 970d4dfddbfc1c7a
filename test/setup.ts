import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A bound for a test or hook to give up, not a speed check: on a busy machine starting a server or a Python process
// in a hook can take more than jest's default 5 s. Tests wait for conditions; this only ends a hang.
jest.setTimeout(30_000);
// The same for waitFor/findBy: their default 1 s is a guess about speed, and a loaded machine misses it. A
// condition that never comes still fails, at this bound.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout, so no scrolling: its window.scrollTo only logs "Not implemented" with a long stack (the note
// grid's virtualizer calls it on every mount), which buried real failures in the suite's output.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom's Blob lacks text(), which every browser we support has.
if (typeof Blob !== 'undefined' && !Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob): Promise<string> {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };
}
