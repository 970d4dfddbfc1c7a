/** Keep-alive and configuration (PROTOCOL 2.10). */
import type { HandlerTable } from '../context';

const CONFIGURATIONS_PATH = '/api/configurations/all';

export const miscHandlers = {
  // Answered with PONG in dispatch.ts, before the ticket check; never reaches a handler.
  PING: () => undefined,

  // The same rule as GET /api/configurations/all (admins only in Zeppelin's template); everyone else gets what
  // the UI needs from it, whether revisions are supported.
  LIST_CONFIGURATIONS: (_data, ctx) => {
    const all = ctx.s.config.publicEntries();
    const configurations = ctx.s.restAllows(CONFIGURATIONS_PATH, ctx.user, ctx.roles) ? all : { isRevisionSupported: all.isRevisionSupported ?? 'false' };
    ctx.reply('CONFIGURATIONS_INFO', { configurations });
  },

  // Watchers need the per-process X-Watcher-Key handshake header, which this server never hands out.
  WATCHER: () => undefined,
} satisfies Partial<HandlerTable>;
