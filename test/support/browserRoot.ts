/**
 * A React root rendered as the browser renders it: outside act(), which would flush a transition or a deferred value
 * into the first render and hide what the tests look for (that heavy drawing comes after the urgent commit). Each
 * test gets a fresh host element in the document; the root is unmounted after it.
 */
import { createRoot, type Root } from 'react-dom/client';
import { act } from '@testing-library/react';

const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

export interface OutsideActRoot {
  host(): HTMLElement;
  root(): Root;
  /** Runs `update` inside act() from now on in the test: for a step that must be drawn at once. */
  inAct(update: () => void): void;
}

export function rootOutsideAct(): OutsideActRoot {
  let actEnvironment: boolean | undefined;
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
    globals.IS_REACT_ACT_ENVIRONMENT = false;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    act(() => root.unmount());
    host.remove();
  });
  return {
    host: () => host,
    root: () => root,
    inAct(update) {
      globals.IS_REACT_ACT_ENVIRONMENT = true;
      act(update);
    },
  };
}
