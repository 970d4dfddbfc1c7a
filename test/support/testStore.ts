/**
 * A real store (real reducers, real sagas) wired to fakes: a manual clock, scripted sockets and a scripted REST
 * client. Tests assert on the action log, the same record support staff read.
 */
import { createCredentialVault, msgIdGenerator, type Preferences, type SagaDeps } from '../../sagas/deps';
import { createHeliumRegistry, type HeliumRegistry } from '../../sagas/heliumRegistry';
import { HttpError, type RestClient } from '../../sagas/restClient';
import { makeStore } from '../../src/app/store';
import type { ActionLogLimits } from '../../slices/ui';
import { ANONYMOUS_AUTH, decodeServerFrame } from '../../protocol';
import { fakeSocketFactory } from './fakeSocket';
import { activityTracker, manualClock, type Activity } from './manualClock';

export type RestReply = unknown | HttpError | ((body: unknown) => unknown);

export function fakeRest(replies: Record<string, RestReply>, activity?: Activity) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answer = (method: string, path: string, body?: unknown): unknown => {
    calls.push({ method, path, body });
    const key = `${method} ${path}`;
    if (!(key in replies)) throw new HttpError(404, method, path, 'Not Found', null, null);
    const r = replies[key];
    const v = typeof r === 'function' ? (r as (b: unknown) => unknown)(body) : r;
    if (v instanceof HttpError) throw v;
    return v;
  };
  const tracked = <T,>(p: Promise<T>): Promise<T> => (activity ? activity.track(p) : p);
  const client: RestClient = {
    base: '/api',
    request: <T,>(method: string, path: string, body?: unknown) => tracked((async () => answer(method, path, body) as T)()),
    text: (path: string) => tracked((async () => String(answer('GET', path)))()),
  };
  return { client, calls };
}

export const ANONYMOUS_TICKET = { principal: 'anonymous', ticket: 'anonymous', roles: '[]' };

export interface TestStoreOptions {
  rest?: Record<string, RestReply>;
  random?: () => number;
  pingIntervalMs?: number;
  /** Answers of plain URL fetches (note import by URL); an Error rejects. Unlisted URLs fail. */
  urls?: Record<string, string | Error>;
  prefs?: Preferences;
  browserLanguage?: string;
  clearBasicAuth?: boolean;
  /** What the fake clipboard answers (true: written). */
  clipboard?: boolean;
  /** The Helium registry to hand the sagas (default: a new, empty one). */
  helium?: HeliumRegistry;
  /** The action log's bounds and checkpoint span (default: the app's). */
  actionLogLimits?: ActionLogLimits;
  checkpointEvery?: number;
  /** Decodes inbound frames (default: at once, as decodeServerFrame does). */
  decodeFrame?: SagaDeps['decodeFrame'];
}

export function makeTestStore(opts: TestStoreOptions = {}) {
  const activity = activityTracker();
  const clock = manualClock(1_700_000_000_000, activity);
  const sockets = fakeSocketFactory(activity);
  const rest = fakeRest({
    'GET /security/ticket': ANONYMOUS_TICKET,
    'GET /helium/enabledPackage': [],
    'GET /version': { version: '0.13.0-test' },
    'GET /configurations/client': { wsMaxMessageSize: 10240000 },
    ...opts.rest,
  }, activity);
  const navigations: string[] = [];
  const titles: string[] = [];
  const redirects: string[] = [];
  const downloads: { fileName: string; text: string }[] = [];
  const random = opts.random ?? (() => 0.5);
  const fetchedUrls: string[] = [];
  const savedPrefs: Preferences[] = [];
  const openedWindows: string[] = [];
  const copied: string[] = [];
  let basicAuthCleared = 0;
  let reloads = 0;
  const deps: SagaDeps = {
    wsUrl: 'ws://localhost:8080/ws',
    openSocket: sockets.openSocket,
    decodeFrame: opts.decodeFrame ?? decodeServerFrame,
    sleep: clock.sleep,
    random,
    now: clock.now,
    credentials: createCredentialVault(ANONYMOUS_AUTH),
    newMsgId: msgIdGenerator(() => 0.1),
    rest: rest.client,
    navigate: (p) => { navigations.push(p); },
    redirect: (u) => { redirects.push(u); },
    currentHref: () => 'http://localhost:8080/#/',
    setTitle: (t) => { titles.push(t); },
    reload: () => { reloads++; },
    download: (fileName, text) => { downloads.push({ fileName, text }); },
    loadBundle: (name) => activity.track(Promise.resolve([name])),
    openWindow: (url) => { openedWindows.push(url); },
    copyText: (text) => {
      copied.push(text);
      return activity.track(Promise.resolve(opts.clipboard ?? true));
    },
    helium: opts.helium ?? createHeliumRegistry(),
    pingIntervalMs: opts.pingIntervalMs ?? 10_000,
    fetchUrl: (url) => activity.track((async () => {
      fetchedUrls.push(url);
      const r = opts.urls?.[url];
      if (r === undefined) throw new Error('Failed to fetch');
      if (r instanceof Error) throw r;
      return r;
    })()),
    clearBasicAuth: () => activity.track((async () => {
      basicAuthCleared++;
      return opts.clearBasicAuth ?? true;
    })()),
    prefs: {
      load: () => ({ ...opts.prefs }),
      save: (p) => { savedPrefs.push(p); },
      browserLanguage: () => opts.browserLanguage ?? 'en-US',
    },
  };
  const { store, log, task } = makeStore({
    deps, now: clock.now, devChecks: true, devTools: false, actionLogLimits: opts.actionLogLimits, checkpointEvery: opts.checkpointEvery,
  });
  store.subscribe(() => activity.bump());
  return {
    store, log, task, clock, sockets, deps, rest, openedWindows, copied, navigations, titles, redirects, downloads, fetchedUrls, savedPrefs,
    basicAuthCleared: () => basicAuthCleared,
    reloads: () => reloads,
    /** Action types recorded so far, optionally only those matching a prefix list. */
    types: (...prefixes: string[]) => log.types().filter((t) => prefixes.length === 0 || prefixes.some((p) => t.startsWith(p))),
    settle: () => activity.settle(),
  };
}
