/** A real store and sagas with an open note: the fixture note is pushed as the server's NOTE answer. */
import type { HeliumRegistry } from '../../sagas/heliumRegistry';
import { route } from '../../slices/route';
import type { Note } from '../../protocol';
import { frame, loadFixtureNote } from '../support/frames';
import { makeTestStore, type RestReply } from '../support/testStore';

export const NOTE_ID = '2EYDJKFFY';
export const MD = '20180118-105449_1130638270';
export const PY = '20180118-112246_474555672';
export const FORM = '20180118-115612_471385279';
export const LAST = '20180118-122149_878709973';

export async function openNote(opts: { rest?: Record<string, RestReply>; note?: (n: Note) => Note; principal?: string; helium?: HeliumRegistry; clipboard?: boolean } = {}) {
  const t = makeTestStore({
    helium: opts.helium,
    clipboard: opts.clipboard,
    rest: {
      [`GET /notebook/${NOTE_ID}/permissions`]: { owners: [], readers: [], runners: [], writers: [] },
      ...(opts.principal ? { 'GET /security/ticket': { principal: opts.principal, ticket: 't', roles: '[]' } } : {}),
      ...opts.rest,
    },
  });
  t.store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
  await t.clock.advance(0);
  const note = (opts.note ?? ((n) => n))(loadFixtureNote());
  t.sockets.last().serverSend(frame('NOTE', { note }));
  await t.clock.advance(0);
  const sent = () => t.sockets.last().frames().filter((f) => f.op !== 'PING');
  const sentOps = (...ops: string[]) => sent().filter((f) => ops.includes(f.op));
  const mark = () => {
    const n = t.sockets.last().sent.length;
    return () => t.sockets.last().frames().slice(n).filter((f) => f.op !== 'PING');
  };
  const push = async (op: string, data: unknown) => {
    t.sockets.last().serverSend(frame(op, data));
    await t.clock.advance(0);
  };
  return { ...t, note, sent, sentOps, mark, push };
}
