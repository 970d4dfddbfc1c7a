/** Keep-alive and configuration (PROTOCOL 2.10). */
import type { HandlerTable } from '../context';

export const miscHandlers = {
  PING: () => undefined,

  LIST_CONFIGURATIONS: (_data, ctx) => {
    ctx.reply('CONFIGURATIONS_INFO', { configurations: ctx.s.config.publicEntries() });
  },

  // Watchers need the per-process X-Watcher-Key handshake header, which this server never hands out.
  WATCHER: () => undefined,
} satisfies Partial<HandlerTable>;
