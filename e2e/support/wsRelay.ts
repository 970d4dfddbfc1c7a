/**
 * The app served through a relay in front of the test server, which passes HTTP through and relays the websocket
 * frame by frame, so that a test can hold back what the server sends ("on its way") and see what the page sent.
 * The app's websocket lives in a worker (src/app/workerSocket.ts), where Playwright's routeWebSocket does not reach.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export interface Relay {
  /** The relay's address: open the app here. */
  url: string;
  /** Frames from the server held back since `hold()`. */
  held: string[];
  /** Frames the page sent. */
  sent: string[];
  hold(): void;
  /** Starts holding at the first frame from the server that `starts` matches, that frame included. */
  holdFrom(starts: (frame: string) => boolean): void;
  release(): void;
  close(): Promise<void>;
}

/** Relays one page's connection: frames each way in order, the server's held while `relay.hold()` is in force. */
function relaySocket(relay: Relay, page: WebSocket, server: WebSocket, holding: (m: string) => boolean, toPage: (m: string) => void): void {
  const early: string[] = [];
  server.on('open', () => { for (const m of early.splice(0)) server.send(m); });
  page.on('message', (data) => {
    const m = String(data);
    relay.sent.push(m);
    if (server.readyState === WebSocket.OPEN) server.send(m);
    else early.push(m);
  });
  server.on('message', (data) => {
    const m = String(data);
    if (holding(m)) relay.held.push(m);
    else toPage(m);
  });
  page.on('close', () => server.close());
  server.on('close', (code) => page.close(code === 1005 || code === 1006 ? 1000 : code));
  server.on('error', () => page.terminate());
}

export async function startWsRelay(target: string): Promise<Relay> {
  const to = new URL(target);
  let holding = false;
  let holdFrom: ((frame: string) => boolean) | undefined;
  const holds = (m: string): boolean => {
    if (!holding && holdFrom?.(m)) holding = true;
    return holding;
  };
  let toPage: (m: string) => void = () => undefined;
  const sockets = new WebSocketServer({ noServer: true });
  const web = http.createServer((req, res) => {
    const up = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const relay: Relay = {
    url: '', held: [], sent: [],
    hold() { holding = true; },
    holdFrom(starts) { holdFrom = starts; },
    release() {
      holding = false;
      holdFrom = undefined;
      for (const m of relay.held.splice(0)) toPage(m);
    },
    close: () => new Promise((resolve) => {
      for (const c of sockets.clients) c.terminate();
      web.closeAllConnections();
      web.close(() => resolve());
    }),
  };
  web.on('upgrade', (req, socket, head) => {
    sockets.handleUpgrade(req, socket, head, (page) => {
      const headers: Record<string, string> = {};
      for (const name of ['cookie', 'authorization', 'origin']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
      const server = new WebSocket(`ws://${to.host}${req.url ?? '/'}`, { headers });
      toPage = (m) => page.send(m);
      relaySocket(relay, page, server, holds, (m) => toPage(m));
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/`;
  return relay;
}
