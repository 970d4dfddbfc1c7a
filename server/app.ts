/**
 * The embedded Zeppelin-compatible server: static UI, REST under /api, websocket at /ws, or, with `upstream`,
 * the UI plus a transparent proxy to a real Zeppelin.
 */
import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { MAX_NESTING, tooDeepField } from '../protocol';
import { ZeppelinConfig } from './config';
import { contentSecurityPolicy } from './contentSecurity';
import { cronAllowedFor } from './cron/policy';
import { AngularService } from './angular/service';
import { ExecutionEngine } from './execution/engine';
import { StatusWriter } from './execution/status';
import { SessionManager } from './interpreters/sessions';
import { ZSessionRegistry } from './interpreters/zsessions';
import { InterpreterRegistry, loadInterpreterSettings } from './interpreters/settings';
import { Notebook } from './notes/notebook';
import { NoteSearch } from './notes/search';
import { NoteAuthorization } from './notes/authorization';
import { OriginPolicy } from './origin';
import { UpstreamProxy } from './proxy';
import { sendEnvelope } from './rest/envelope';
import { StaticFiles } from './static';
import { registerInterpreterRoutes } from './rest/interpreters';
import { registerJobRoutes } from './rest/jobs';
import { registerNotebookRoutes } from './rest/notebook';
import { registerSystemRoutes } from './rest/system';
import { registerCredentialRoutes } from './rest/credentials';
import { registerNotebookRepoRoutes } from './rest/notebookRepos';
import { registerHeliumRoutes } from './rest/helium';
import { registerClusterRoutes } from './rest/cluster';
import { registerRevisionRoutes } from './rest/revisions';
import { registerSessionRoutes } from './rest/sessions';
import { registerCronRoutes } from './rest/cron';
import type { Clock } from './cron/clock';
import { registerNotePermissionHook } from './rest/permissions';
import type { Services } from './services';
import { openNoteRepo } from './storage/select';
import { removeStrayTempFiles } from './storage/atomicWrite';
import { Broadcasts } from './ws/broadcasts';
import { LastRunStore } from './execution/lastRuns';
import { PersonalStore } from './personal/store';
import { ResultHistory } from './history/store';
import { registerResultHistoryRoutes } from './rest/resultHistory';
import { ConnectionManager, DEFAULT_MAX_BUFFERED, type Connection } from './ws/connections';
import { handleFrame } from './ws/dispatch';
import { TicketStore } from './ws/tickets';
import { AuthService } from './auth/service';
import { registerAuthRoutes } from './auth/routes';
import { loadShiroIni } from './auth/shiro';

export interface StartOptions {
  /** 0 = a random free port. Default: zeppelin.server.port. */
  port?: number;
  host?: string;
  notebookDir: string;
  confDir: string;
  /** The built UI; default `<repo>/dist`. */
  webDir?: string;
  /** Base URL of a Zeppelin server to forward /api and /ws to. */
  upstream?: string;
  /** Extra configuration values, applied over zeppelin-site.xml and the environment. */
  settings?: Record<string, string>;
  /** Test-only: the cron scheduler's clock (e.g. `scaledClock`), so browser tests see schedules fire quickly. */
  cronClock?: Clock;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const ALLOWED_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const isApi = (url: string | undefined): boolean => url !== undefined && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?'));
const pathOf = (url: string | undefined): string => (url ?? '/').split('?')[0];
const hasBody = (req: IncomingMessage): boolean =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

const badRequest = (message: string): Error & { statusCode: number } => Object.assign(new Error(message), { statusCode: 400 });

function registerBodyParsers(app: FastifyInstance): void {
  // Zeppelin's handlers read the raw body leniently, so an empty JSON body is "no body", not an error.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(badRequest('Malformed JSON body'), undefined);
    }
    // The websocket's nesting limit (docs/protocol.md 1.7) holds for every REST body too.
    const deep = tooDeepField({ body: parsed }, MAX_NESTING + 1);
    if (deep !== undefined) return done(badRequest(`Request body is nested more than ${MAX_NESTING} levels deep`), undefined);
    done(null, parsed);
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, body, done) => done(null, String(body)));
}

/** Everything the embedded server works with, and the login service when a shiro.ini turns logins on. */
async function createServices(config: ZeppelinConfig, confDir: string): Promise<{ services: Services; auth?: AuthService }> {
  // A shiro.ini turns logins on (PROTOCOL 1.4); one that cannot be read stops the start with its line number.
  const shiro = loadShiroIni(confDir);
  // Settings files are written atomically; a kill -9 mid-write leaves a temp file beside them, gone from here on.
  removeStrayTempFiles(confDir);
  for (const w of shiro?.warnings ?? []) console.warn(`[auth] ${w}`);
  const tickets = new TicketStore();
  const auth = shiro ? new AuthService(shiro, tickets) : undefined;
  const repo = await openNoteRepo(config);
  const interpreters = new InterpreterRegistry(loadInterpreterSettings(confDir), config.getString('zeppelin.interpreter.group.default'), confDir);
  const notebook = new Notebook(repo, interpreters, (path) => cronAllowedFor(config, path));
  await notebook.reload();
  const connections = new ConnectionManager(config.getBool('zeppelin.notebook.collaborative.mode.enable', true),
    config.getInt('zeppelin.websocket.max.buffered.bytes', DEFAULT_MAX_BUFFERED));
  const authorization = NoteAuthorization.load(confDir, config);
  authorization.attach(notebook);
  const broadcasts = new Broadcasts(notebook, connections, config, interpreters, authorization);
  broadcasts.personal = new PersonalStore(config.getString('zeppelin.notebook.dir'), notebook);
  broadcasts.lastRuns = new LastRunStore(config.getString('zeppelin.notebook.dir'), notebook);
  const sessions = new SessionManager(interpreters, confDir);
  const zsessions = new ZSessionRegistry(notebook, interpreters, sessions);
  const angular = new AngularService(notebook, connections, interpreters, sessions);
  const history = new ResultHistory(config.getString('zeppelin.notebook.dir'), notebook, config);
  const engine = new ExecutionEngine({ notebook, connections, broadcasts, config, interpreters, sessions, zsessions, angular, status: new StatusWriter(notebook, broadcasts, history),
    rolesOf: (user) => auth?.users.rolesOf(user) ?? [] });
  const services: Services = {
    config, confDir, notebook, interpreters, connections, broadcasts, sessions, zsessions, engine, angular, history,
    search: new NoteSearch(notebook),
    tickets,
    authEnabled: auth !== undefined,
    users: auth?.users,
    authorization,
    restAllows: (path, user, roles) => auth?.allows(path, user, roles) ?? true,
  };
  return { services, auth };
}

/** CORS, CSRF and content-type rules of PROTOCOL 1.11, and the security headers (with our CSP), on every request. */
function registerRequestPolicy(app: FastifyInstance, config: ZeppelinConfig, origins: OriginPolicy): void {
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    const allowed = origin !== undefined && origins.allows(origin);
    reply.header('Access-Control-Allow-Origin', allowed ? origin : '');
    if (allowed) reply.header('Access-Control-Allow-Credentials', 'true');
    reply.header('Access-Control-Allow-Headers', 'authorization,Content-Type');
    reply.header('Access-Control-Allow-Methods', 'POST, GET, OPTIONS, PUT, HEAD, DELETE');
    reply.header('X-FRAME-OPTIONS', config.getString('zeppelin.server.xframe.options', 'SAMEORIGIN'));
    reply.header('X-XSS-Protection', '1; mode=block');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', contentSecurityPolicy(pathOf(req.url)));
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (origin !== undefined && !allowed && (preflight || STATE_CHANGING.has(req.method))) {
      return reply.code(403).type('text/plain').send('Origin not allowed');
    }
    if (req.method === 'OPTIONS') return reply.code(200).send('');
    if (STATE_CHANGING.has(req.method) && hasBody(req.raw)) {
      const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (!ALLOWED_BODY_TYPES.includes(type)) return reply.code(415).type('text/plain').send('Unsupported Content-Type');
    }
    if (req.method === 'GET' && isApi(req.url)) reply.header('Cache-Control', 'no-cache');
    return undefined;
  });
}

function registerRoutes(app: FastifyInstance, services: Services, auth: AuthService | undefined, confDir: string, cronClock: Clock | undefined): void {
  const { config } = services;
  registerAuthRoutes(app, auth, services.tickets, config);
  // Before the routes, so every note route passes the permission table of rest/permissions.ts.
  registerNotePermissionHook(app, services);
  registerSystemRoutes(app, config, config.getInt('zeppelin.websocket.max.text.message.size', 10240000), services.history.max);
  registerNotebookRoutes(app, services);
  registerJobRoutes(app, services);
  registerSessionRoutes(app, services);
  registerInterpreterRoutes(app, services);
  registerCredentialRoutes(app, confDir);
  registerNotebookRepoRoutes(app, services, confDir);
  registerHeliumRoutes(app, services, confDir);
  registerClusterRoutes(app, services);
  registerRevisionRoutes(app, services);
  registerCronRoutes(app, services, cronClock);
  registerResultHistoryRoutes(app, services);
}

/** Errors as Zeppelin's envelope; unknown pages load the single-page app (or say how to build it). */
function registerFallbacks(app: FastifyInstance, webDir: string): void {
  const ui = existsSync(join(webDir, 'index.html')) ? new StaticFiles(webDir) : undefined;
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const code = err.statusCode ?? 500;
    if (code === 400) return sendEnvelope(reply, 'BAD_REQUEST', undefined, err.message);
    if (code === 413) return reply.code(413).type('application/json').send(JSON.stringify({ status: 'REQUEST_ENTITY_TOO_LARGE', message: err.message }));
    if (code === 415) return reply.code(415).type('text/plain').send('Unsupported Content-Type');
    console.error('[rest] unexpected failure:', err);
    return reply.code(500).type('application/json').send(JSON.stringify({ status: 'error', message: 'Internal server error' }));
  });

  app.setNotFoundHandler(async (req, reply) => {
    if (isApi(req.url)) return sendEnvelope(reply, 'NOT_FOUND', undefined, `No resource at ${req.method} ${pathOf(req.url)}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).type('text/plain').send('Not found');
    const head = req.method === 'HEAD';
    // Client-side routes (e.g. /notebook/2EYDJKFFY) all load the single-page app.
    if (ui) {
      if ((await ui.send(pathOf(req.url), reply, head)) || (await ui.send('/index.html', reply, head))) return reply;
    }
    return reply.code(200).type('text/plain').send(`The web UI is not built (no ${join(webDir, 'index.html')}). Run \`npm run build\`, then reload.\n`);
  });
}

interface SocketEndpoint {
  wss: WebSocketServer;
  /** Refuses new upgrades from now on. */
  stopAccepting(): void;
  /** Resolves when the frames already received (and the writes they queued) are done. */
  drained(): Promise<void>;
}

/** The websocket at /ws: our own dispatcher, or the upstream Zeppelin through the proxy. */
function attachWebsocket(app: FastifyInstance, services: Services | undefined, proxy: UpstreamProxy | undefined, origins: OriginPolicy, maxMessageSize: number): SocketEndpoint {
  // Inbound limit: frames over zeppelin.websocket.max.text.message.size get an ERROR_INFO and the connection
  // stays up; only frames beyond a hard cap (where buffering them would hurt the server) close it with 1009.
  const hardCap = Math.max(maxMessageSize * 4, maxMessageSize + 16 * 1024 * 1024);
  const wss = new WebSocketServer({ noServer: true, maxPayload: hardCap, perMessageDeflate: false });
  const open = new Set<Connection>();
  let closing = false;

  wss.on('connection', (socket: WebSocket) => {
    if (!services) return;
    const s = services;
    const conn = s.connections.create(socket);
    open.add(conn);
    socket.on('message', (data: RawData) => {
      const raw = toBuffer(data);
      conn.queue = conn.queue.then(() => handleFrame(conn, raw, s, maxMessageSize)).catch((e: unknown) => console.error('[ws] frame failed:', e));
    });
    socket.on('close', () => {
      open.delete(conn);
      s.connections.remove(conn);
    });
    socket.on('error', (e) => console.warn(`[ws] connection ${conn.id}: ${e.message}`));
  });

  const refuse = (socket: Duplex, status: string): void => {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (closing) return refuse(socket, '503 Service Unavailable');
    if (pathOf(req.url) !== '/ws') return refuse(socket, '404 Not Found');
    if (!origins.allows(req.headers.origin)) return refuse(socket, '403 Forbidden');
    if (proxy) return proxy.ws(req, socket, head);
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  return {
    wss,
    stopAccepting: () => { closing = true; },
    drained: async () => { await Promise.all([...open].map((c) => c.queue)); },
  };
}

async function closeSockets(sockets: Iterable<WebSocket>): Promise<void> {
  await Promise.all([...sockets].map((ws) => new Promise<void>((done) => {
    if (ws.readyState === WebSocket.CLOSED) return done();
    const timer = setTimeout(() => {
      ws.terminate();
      done();
    }, 1000);
    ws.once('close', () => {
      clearTimeout(timer);
      done();
    });
    ws.close(1001, 'Server is shutting down');
  })));
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const overrides: Record<string, string> = { ...(opts.settings ?? {}), 'zeppelin.notebook.dir': resolve(opts.notebookDir) };
  if (opts.host !== undefined) overrides['zeppelin.server.addr'] = opts.host;
  if (opts.port !== undefined) overrides['zeppelin.server.port'] = String(opts.port);
  const config = ZeppelinConfig.load(opts.confDir, process.env, overrides);
  const confDir = resolve(opts.confDir);
  const host = config.getString('zeppelin.server.addr', '127.0.0.1');
  const maxMessageSize = config.getInt('zeppelin.websocket.max.text.message.size', 10240000);
  const origins = new OriginPolicy(config.getString('zeppelin.server.allowed.origins'), host);
  const proxy = opts.upstream ? new UpstreamProxy(opts.upstream) : undefined;
  const { services, auth } = proxy ? { services: undefined, auth: undefined } : await createServices(config, confDir);

  const app = Fastify({
    logger: false,
    bodyLimit: Math.max(maxMessageSize, 1024 * 1024) * 2,
    forceCloseConnections: true,
    serverFactory: (handler) =>
      http.createServer((req: IncomingMessage, res: ServerResponse) => {
        if (proxy && isApi(req.url)) proxy.http(req, res);
        else handler(req, res);
      }),
  });
  registerBodyParsers(app);
  await app.register(fastifyFormbody);
  registerRequestPolicy(app, config, origins);
  if (services) registerRoutes(app, services, auth, confDir, opts.cronClock);
  registerFallbacks(app, resolve(opts.webDir ?? join(__dirname, '..', 'dist')));
  const sockets = attachWebsocket(app, services, proxy, origins, maxMessageSize);

  await app.listen({ port: config.getInt('zeppelin.server.port', 8080), host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.getInt('zeppelin.server.port', 8080);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      sockets.stopAccepting();
      await closeSockets(sockets.wss.clients);
      if (proxy) await closeSockets(proxy.clients());
      // Frames already received still finish, and so do the note writes they queued.
      await sockets.drained();
      // Interpreter processes and workers end with the server; runs still going end ABORT and are saved.
      await services?.engine.close();
      await app.close();
      await services?.notebook.flush();
      await services?.broadcasts.personal?.flush();
      await services?.history.flush();
    })();
    return closed;
  };

  return { url, port, close };
}
