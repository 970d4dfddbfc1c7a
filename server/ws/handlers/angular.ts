/** Angular objects from the UI (PROTOCOL 2.7). */
import { ZeppelinError } from '../../util/errors';
import type { HandlerTable } from '../context';

export const angularHandlers = {
  ANGULAR_OBJECT_UPDATED: ({ noteId, paragraphId, interpreterGroupId, name, value }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    ctx.s.angular.clientUpdated(ctx.conn, entry, interpreterGroupId, name, value, paragraphId);
  },

  ANGULAR_OBJECT_CLIENT_BIND: ({ noteId, name, value, paragraphId }, ctx) => {
    if (!paragraphId) throw new ZeppelinError('ANGULAR_OBJECT_CLIENT_BIND needs a paragraphId');
    ctx.s.angular.clientBind(ctx.conn, ctx.s.notebook.mustGet(noteId), name, value, paragraphId);
  },

  ANGULAR_OBJECT_CLIENT_UNBIND: ({ noteId, name, paragraphId }, ctx) => {
    if (!paragraphId) throw new ZeppelinError('ANGULAR_OBJECT_CLIENT_UNBIND needs a paragraphId');
    ctx.s.angular.clientUnbind(ctx.conn, ctx.s.notebook.mustGet(noteId), name, paragraphId);
  },
} satisfies Partial<HandlerTable>;
