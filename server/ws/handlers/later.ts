/**
 * Ops whose features arrive with later work. Each answers so the client is never left waiting; none is pending now.
 */
import type { SendOp } from '../../../protocol';
import type { Handler, HandlerTable } from '../context';

export const notAvailable = <K extends SendOp>(op: K, feature: string): Handler<K> => (_data, ctx) => {
  ctx.reply('ERROR_INFO', { info: `${op}: ${feature} is not available yet on this server` });
};

export const laterHandlers = {} satisfies Partial<HandlerTable>;
