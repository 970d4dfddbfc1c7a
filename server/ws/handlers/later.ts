/**
 * Ops whose features arrive with later work (revisions, helium). Each answers so the client is never left waiting.
 */
import type { SendOp } from '../../../src/protocol';
import type { Handler, HandlerTable } from '../context';

const notAvailable = <K extends SendOp>(op: K, feature: string): Handler<K> => (_data, ctx) => {
  ctx.reply('ERROR_INFO', { info: `${op}: ${feature} is not available yet on this server` });
};

export const laterHandlers = {
  CHECKPOINT_NOTE: (_data, ctx) => {
    ctx.reply('ERROR_INFO', { info: "Couldn't checkpoint note revision: possibly no changes found or storage doesn't support versioning. Please check the logs for more details." });
  },
  // Sent by the UI on every note open; a storage without versioning answers without `revisionList` (PROTOCOL 2.4).
  LIST_REVISION_HISTORY: (_data, ctx) => {
    ctx.reply('LIST_REVISION_HISTORY', {});
  },
  NOTE_REVISION: notAvailable('NOTE_REVISION', 'note revisions'),
  NOTE_REVISION_FOR_COMPARE: notAvailable('NOTE_REVISION_FOR_COMPARE', 'note revisions'),
  SET_NOTE_REVISION: notAvailable('SET_NOTE_REVISION', 'note revisions'),
  PARAGRAPH_EXECUTED_BY_SPELL: notAvailable('PARAGRAPH_EXECUTED_BY_SPELL', 'helium spell execution'),
} satisfies Partial<HandlerTable>;
