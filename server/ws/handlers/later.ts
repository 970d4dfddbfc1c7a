/**
 * Ops whose features arrive with later work (helium spells). Each answers so the client is never left waiting.
 */
import type { SendOp } from '../../../src/protocol';
import type { Handler, HandlerTable } from '../context';

const notAvailable = <K extends SendOp>(op: K, feature: string): Handler<K> => (_data, ctx) => {
  ctx.reply('ERROR_INFO', { info: `${op}: ${feature} is not available yet on this server` });
};

export const laterHandlers = {
  PARAGRAPH_EXECUTED_BY_SPELL: notAvailable('PARAGRAPH_EXECUTED_BY_SPELL', 'helium spell execution'),
} satisfies Partial<HandlerTable>;
