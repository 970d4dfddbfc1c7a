/**
 * The browser's socket path (openSocket from browserDeps, JSON on a wire) against a mock-socket server: recorded
 * frames fill the store, user intents go out as Zeppelin frames. Conditions are awaited, never times. jsdom runs no
 * worker, so this is the path of a page whose worker cannot start (it opens its own WebSocket); the worker's socket
 * is covered by test/app/workerSocket.test.ts and the browser tests.
 */
import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { waitFor } from '@testing-library/react';
import { openSocket } from '../../src/app/browserDeps';
import { selectOpenNoteParagraphIds } from '../../slices/notes';
import { route } from '../../slices/route';
import { wsOut } from '../../slices/wsActions';
import { frame, loadFixtureNote, notesInfo } from '../support/frames';
import { makeTestStore } from '../support/testStore';
import { workerSocketSupport } from '../support/tableWorkerMock';

const URL = 'ws://localhost:8080/ws';
let server: Server;
const received: { op: string; data: Record<string, unknown>; ticket?: string }[] = [];

beforeAll(() => {
  workerSocketSupport.available = false;
});

afterAll(() => {
  workerSocketSupport.available = true;
});

beforeEach(() => {
  received.length = 0;
  (globalThis as { WebSocket: unknown }).WebSocket = MockWebSocket;
  server = new Server(URL);
  server.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const f = JSON.parse(String(raw));
      received.push(f);
      if (f.op === 'LIST_NOTES') socket.send(frame('NOTES_INFO', notesInfo));
      if (f.op === 'GET_NOTE') socket.send(frame('NOTE', { note: loadFixtureNote() }));
    });
  });
});

afterEach(() => {
  server.stop();
});

test('NOTE and NOTES_INFO frames fill the store; Run goes out as RUN_PARAGRAPH with the ticket', async () => {
  const t = makeTestStore({ rest: { 'GET /security/ticket': { principal: 'alice', ticket: 'wire-ticket', roles: '[]' } } });
  t.deps.openSocket = openSocket;
  t.store.dispatch(route.changed('/notebook/2EYDJKFFY'));
  await waitFor(() => expect(selectOpenNoteParagraphIds(t.store.getState()).length).toBeGreaterThan(5));
  expect(t.store.getState().notes.list).toHaveLength(4);
  const [, second] = selectOpenNoteParagraphIds(t.store.getState());
  t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: second, paragraph: '%python\nprint(1)', config: {}, params: {} }));
  await waitFor(() => expect(received.some((f) => f.op === 'RUN_PARAGRAPH')).toBe(true));
  const run = received.find((f) => f.op === 'RUN_PARAGRAPH');
  expect(run).toMatchObject({ data: { id: second, paragraph: '%python\nprint(1)' }, ticket: 'wire-ticket', principal: 'alice' });
  expect(t.store.getState().paragraphs.entities[second]?.status).toBe('PENDING');
  t.task?.cancel();
});

test('a server that goes away is reported as disconnected', async () => {
  const t = makeTestStore();
  t.deps.openSocket = openSocket;
  await waitFor(() => expect(t.store.getState().connection.status).toBe('connected'));
  server.close({ code: 1011, reason: 'restart', wasClean: false });
  await waitFor(() => expect(t.store.getState().connection.status).toBe('reconnecting'));
  expect(t.store.getState().connection.lastCloseCode).toBe(1011);
  t.task?.cancel();
});
