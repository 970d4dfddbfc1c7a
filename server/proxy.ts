/**
 * Proxy mode: the UI is served locally while `/api` (HTTP) and `/ws` (websocket) go to an upstream Zeppelin.
 *
 * Notes:
 * - Websocket frames are relayed as the raw buffers `ws` hands over, with their text/binary flag, so the bytes
 *   the upstream sends are the bytes the browser gets (and the other way round).
 * - The upstream sees its own origin in `Origin`: Zeppelin only trusts localhost and its own host name
 *   (PROTOCOL 1.2), and the browser's origin has already passed this server's check.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade'];

export class UpstreamProxy {
  readonly base: URL;
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });

  constructor(upstream: string) {
    this.base = new URL(upstream);
  }

  private target(url: string | undefined): string {
    return `${this.base.pathname.replace(/\/+$/, '')}${url ?? '/'}`;
  }

  get origin(): string {
    return this.base.origin;
  }

  http(req: IncomingMessage, res: ServerResponse): void {
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: this.base.host };
    for (const h of HOP_BY_HOP) delete headers[h];
    if (headers.origin !== undefined) headers.origin = this.origin;
    const client = this.base.protocol === 'https:' ? https : http;
    const upstreamReq = client.request(
      { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port, method: req.method, path: this.target(req.url), headers },
      (upstreamRes) => {
        const out: http.OutgoingHttpHeaders = { ...upstreamRes.headers };
        for (const h of HOP_BY_HOP) delete out[h];
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, out);
        upstreamRes.pipe(res);
      },
    );
    upstreamReq.on('error', (e) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ status: 'BAD_GATEWAY', message: `Upstream Zeppelin unreachable: ${e.message}` }));
      } else {
        res.destroy(e);
      }
    });
    req.pipe(upstreamReq);
  }

  ws(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (down) => {
      const wsBase = this.base.protocol === 'https:' ? 'wss:' : 'ws:';
      const headers: Record<string, string> = { origin: this.origin };
      if (req.headers.cookie) headers.cookie = req.headers.cookie;
      const up = new WebSocket(`${wsBase}//${this.base.host}${this.target(req.url)}`, { headers, perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const early: { data: RawData; isBinary: boolean }[] = [];
      const safeCode = (code: number): number => (code === 1005 || code === 1006 || code < 1000 || code >= 5000 ? 1000 : code);

      down.on('message', (data, isBinary) => {
        if (up.readyState === WebSocket.OPEN) up.send(data, { binary: isBinary });
        else early.push({ data, isBinary });
      });
      up.on('open', () => {
        for (const m of early.splice(0)) up.send(m.data, { binary: m.isBinary });
      });
      up.on('message', (data, isBinary) => {
        if (down.readyState === WebSocket.OPEN) down.send(data, { binary: isBinary });
      });
      up.on('close', (code, reason) => {
        if (down.readyState === WebSocket.OPEN || down.readyState === WebSocket.CONNECTING) down.close(safeCode(code), reason);
      });
      up.on('error', (e) => {
        if (down.readyState === WebSocket.OPEN) down.close(1011, `upstream error: ${e.message}`.slice(0, 120));
      });
      down.on('close', (code, reason) => {
        if (up.readyState === WebSocket.OPEN) up.close(safeCode(code), reason);
        else if (up.readyState === WebSocket.CONNECTING) up.terminate();
      });
      down.on('error', () => up.terminate());
    });
  }

  clients(): Set<WebSocket> {
    return this.wss.clients;
  }
}
