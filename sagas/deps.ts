/**
 * Everything the sagas need from the outside world, injected so that tests run them with a manual clock, a fake
 * socket and a fake fetch: no sleeps, no real timers, no network.
 */
import type { SagaIterator } from 'redux-saga';
import { getContext } from 'redux-saga/effects';
import type { Decoded, FrameAuth, ServerFrame } from '../protocol';
import type { ActionLogLimits, ActionLogStats } from '../slices/ui';
import type { HeliumRegistry } from './heliumRegistry';
import type { RestClient } from './restClient';

/**
 * An inbound message: a frame's text (`data`), or, from a socket that decodes large frames itself off the page's
 * thread (src/app/workerSocket.ts), the decoded frame and the length of its text.
 */
export type SocketMessage = { data: unknown } | { decoded: Decoded<ServerFrame>; length: number };

/** The part of the browser WebSocket the socket saga uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onmessage: ((ev: SocketMessage) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export const SOCKET_OPEN = 1;

/** Holds the ticket outside Redux: only the socket saga reads it, when it serialises a frame. */
export interface CredentialVault {
  get(): FrameAuth;
  set(auth: FrameAuth): void;
}

export function createCredentialVault(initial: FrameAuth): CredentialVault {
  let current = initial;
  return { get: () => current, set: (auth) => { current = auth; } };
}

export interface SagaDeps {
  /** The websocket URL, derived from the page location (see wsUrl.ts). */
  wsUrl: string;
  /**
   * Resolves with an open socket, or null when the connection could not be opened. `signal` abandons an attempt
   * still waiting for the server (it then resolves null); a socket already open is not affected.
   */
  openSocket(url: string, signal?: AbortSignal): Promise<SocketLike | null>;
  /**
   * Decodes one inbound frame's text as `decodeServerFrame` does (the browser's socket hands large frames decoded,
   * see SocketMessage). It may answer a promise: the socket saga waits for each answer before it takes the next frame,
   * so frames keep their order.
   */
  decodeFrame(raw: string): Decoded<ServerFrame> | Promise<Decoded<ServerFrame>>;
  sleep(ms: number): Promise<void>;
  random(): number;
  now(): number;
  credentials: CredentialVault;
  newMsgId(): string;
  rest: RestClient;
  /** Hash navigation (`/notebook/x`); the router turns the new hash into a `route/changed` action. */
  navigate(path: string): void;
  /** Full-page redirect (server-supplied redirectURL, 401 Location). */
  redirect(url: string): void;
  currentHref(): string;
  setTitle(title: string): void;
  reload(): void;
  download(fileName: string, text: string, mime: string): void;
  /** Opens a URL in a new tab (a paragraph's "Link this paragraph"). */
  openWindow(url: string): void;
  /** Writes to the clipboard; false when the browser does not allow it. */
  copyText(text: string): Promise<boolean>;
  /** The page's Helium registry, where plugin bundles register what they provide. */
  helium: HeliumRegistry;
  /**
   * Runs the Helium bundle served at `url` (same-origin) in the page and registers what it pushed onto
   * `window._heliumBundles`; answers the registered package names.
   */
  loadBundle(name: string, url: string): Promise<string[]>;
  pingIntervalMs: number;
  /**
   * A plain GET without credentials or extra headers (note import from a URL): the URL is usually on another
   * origin, where cookies or a custom header would turn it into a CORS preflight or leak the session.
   */
  fetchUrl(url: string): Promise<string>;
  /** Makes the browser drop cached Basic-auth credentials (logout); false when the browser cannot. */
  clearBasicAuth(): Promise<boolean>;
  /** The user's display preferences, kept in the browser between visits. */
  prefs: PreferenceStore;
  /** The support action log; bound once the store exists. */
  actionLog?: ActionLogAccess;
}

/** The support action log (src/app/actionLog.ts), as the sagas use it. */
export interface ActionLogAccess {
  /** The log as a DevTools-importable JSON text, secrets redacted. */
  exportText(): string;
  stats(): ActionLogStats;
  setLimits(limits: ActionLogLimits): void;
}

export interface Preferences {
  theme?: 'system' | 'light' | 'dark';
  locale?: string;
  actionLog?: ActionLogLimits;
  keymap?: string;
}

export interface PreferenceStore {
  load(): Preferences;
  save(p: Preferences): void;
  /** The browser's language (`navigator.language`), the default date locale. */
  browserLanguage(): string;
}

/** Zeppelin's stock clients send `{5-char client id}-{counter}`; we do the same so servers see familiar ids. */
export function msgIdGenerator(random: () => number): () => string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let clientId = '';
  for (let i = 0; i < 5; i++) clientId += alphabet[Math.floor(random() * alphabet.length)];
  let counter = 0;
  return () => `${clientId}-${++counter}`;
}

/** The saga context key under which the root saga keeps its SagaDeps. */
export const DEPS_CONTEXT = 'deps';

/** The dependencies from the saga context, for sagas that are not handed them as an argument. */
export function* sagaDeps(): SagaIterator<SagaDeps> {
  return (yield getContext(DEPS_CONTEXT)) as SagaDeps;
}
