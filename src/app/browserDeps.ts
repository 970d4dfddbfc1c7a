/** The real browser implementations of the saga dependencies. */
import { createCredentialVault, msgIdGenerator, type PreferenceStore, type Preferences, type SagaDeps, type SocketLike } from '../../sagas/deps';
import { ANONYMOUS_AUTH } from '../../protocol';
import { saveTextFile } from './download';
import { navigateHash } from './hashLocation';
import { createHeliumRegistry } from '../../sagas/heliumRegistry';
import { createRestClient } from '../../sagas/restClient';
import { copyText } from '../pages/note/results/clipboard';
import { wsUrlFor } from './wsUrl';

/** Both stock Zeppelin UIs ping every 10 s (spec constant). */
export const PING_INTERVAL_MS = 10_000;

export function openSocket(url: string): Promise<SocketLike | null> {
  return new Promise((resolve) => {
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      resolve(null);
      return;
    }
    ws.onopen = () => {
      ws.onopen = null;
      ws.onerror = null;
      ws.onclose = null;
      resolve(ws as unknown as SocketLike);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => resolve(null);
  });
}


function loadBundle(name: string, source: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const script = document.createElement('script');
    script.src = url;
    script.dataset.heliumBundle = name;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Helium bundle ${name} failed to load`));
    document.head.appendChild(script);
  });
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
  return {
    wsUrl: wsUrlFor(window.location),
    openSocket,
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
    helium: createHeliumRegistry(),
    loadBundle,
    pingIntervalMs: PING_INTERVAL_MS,
    fetchUrl,
    clearBasicAuth,
    prefs,
  };
}
