/** The real browser implementations of the saga dependencies. */
import { createCredentialVault, msgIdGenerator, type PreferenceStore, type Preferences, type SagaDeps, type SocketLike } from '../../sagas/deps';
import { ANONYMOUS_AUTH, decodeServerFrame } from '../../protocol';
import { saveTextFile } from './download';
import { navigateHash } from './hashLocation';
import { createHeliumRegistry, type HeliumBundleEntry, type HeliumRegistry } from '../../sagas/heliumRegistry';
import { createRestClient } from '../../sagas/restClient';
import { copyText } from '../pages/note/results/clipboard';
import { openSocketInWorker } from './workerSocket';
import { wsUrlFor } from './wsUrl';

/** Both stock Zeppelin UIs ping every 10 s (spec constant). */
export const PING_INTERVAL_MS = 10_000;

/** A WebSocket on the page's own thread, where no worker can hold it. */
function openPageSocket(url: string, signal?: AbortSignal): Promise<SocketLike | null> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      resolve(null);
      return;
    }
    const giveUp = () => {
      ws.onopen = null;
      ws.onclose = null;
      ws.close();
      resolve(null);
    };
    signal?.addEventListener('abort', giveUp, { once: true });
    ws.onopen = () => {
      signal?.removeEventListener('abort', giveUp);
      ws.onopen = null;
      ws.onerror = null;
      ws.onclose = null;
      resolve(ws as unknown as SocketLike);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => {
      signal?.removeEventListener('abort', giveUp);
      resolve(null);
    };
  });
}

/** The socket is held by the table worker where there is one (workerSocket.ts). */
export function openSocket(url: string, signal?: AbortSignal): Promise<SocketLike | null> {
  return openSocketInWorker(url, signal) ?? openPageSocket(url, signal);
}

type BundleWindow = Window & { _heliumBundles?: HeliumBundleEntry[] };

/**
 * Runs a Helium bundle as Zeppelin's page does, but from its same-origin URL as a script element rather than by
 * evaluating its text, so a Content-Security-Policy without 'unsafe-eval' allows it. The page environment (jQuery,
 * d3, template hooks) is its own chunk, loaded before the first bundle. One bundle at a time: each pushes its
 * entries onto `window._heliumBundles`, which are handed to the registry once the script has run.
 */
function bundleLoader(registry: HeliumRegistry): SagaDeps['loadBundle'] {
  let queue: Promise<unknown> = Promise.resolve();
  const load = async (name: string, url: string): Promise<string[]> => {
    if (!registry.page()) {
      const { installZeppelinPage } = await import(/* webpackChunkName: "helium-page" */ '../helium/zeppelinPage');
      registry.setPage(installZeppelinPage());
    }
    const w = window as BundleWindow;
    w._heliumBundles = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.dataset.heliumBundle = name;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`Helium bundle ${name} failed to load`));
        document.head.appendChild(script);
      });
      return registry.register(w._heliumBundles ?? []);
    } finally {
      delete w._heliumBundles;
    }
  };
  return (name, url) => {
    const next = queue.then(() => load(name, url));
    queue = next.catch(() => undefined);
    return next;
  };
}

async function fetchUrl(url: string): Promise<string> {
  const res = await fetch(url, { method: 'GET', credentials: 'omit' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.text();
}

/**
 * A request with deliberately wrong Basic credentials replaces the ones the browser caches for this site (there
 * is no API to forget them); the answer does not matter.
 */
async function clearBasicAuth(): Promise<boolean> {
  try {
    await fetch(window.location.href, { method: 'HEAD', headers: { Authorization: `Basic ${btoa(`logout:${Date.now()}`)}` } });
    return true;
  } catch {
    return false;
  }
}

const PREFS_KEY = 'zeppelin.preferences';

const prefs: PreferenceStore = {
  load() {
    try {
      const v: unknown = JSON.parse(window.localStorage.getItem(PREFS_KEY) ?? '{}');
      return typeof v === 'object' && v !== null ? (v as Preferences) : {};
    } catch {
      return {};
    }
  },
  save(p) {
    try {
      window.localStorage.setItem(PREFS_KEY, JSON.stringify(p));
    } catch {
      // private mode or full storage: the choice lasts for this visit only
    }
  },
  browserLanguage: () => navigator.language || 'en-US',
};

export function browserDeps(): SagaDeps {
  const helium = createHeliumRegistry();
  return {
    wsUrl: wsUrlFor(window.location),
    openSocket,
    // Large frames come decoded from the worker's socket; the rest are small, or come without a worker.
    decodeFrame: decodeServerFrame,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    random: Math.random,
    now: Date.now,
    credentials: createCredentialVault(ANONYMOUS_AUTH),
    newMsgId: msgIdGenerator(Math.random),
    rest: createRestClient((input, init) => fetch(input, init)),
    navigate: (path) => navigateHash(path),
    redirect: (url) => window.location.assign(url),
    currentHref: () => window.location.href,
    setTitle: (title) => { document.title = title; },
    reload: () => window.location.reload(),
    download: saveTextFile,
    openWindow: (url) => { window.open(url, '_blank', 'noopener'); },
    copyText,
    helium,
    loadBundle: bundleLoader(helium),
    pingIntervalMs: PING_INTERVAL_MS,
    fetchUrl,
    clearBasicAuth,
    prefs,
  };
}
