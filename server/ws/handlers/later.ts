/**
 * Ops whose features arrive with later work (execution, revisions, angular objects, helium). Each answers so the
 * client is never left waiting; the execution work replaces these entries.
 */
import type { SendOp } from '../../../src/protocol';
import type { Handler, HandlerTable } from '../context';

const notAvailable = <K extends SendOp>(op: K, feature: string): Handler<K> => (_data, ctx) => {
  ctx.reply('ERROR_INFO', { info: `${op}: ${feature} is not available yet on this server` });
};

export const laterHandlers = {
  RUN_PARAGRAPH: notAvailable('RUN_PARAGRAPH', 'paragraph execution'),
  RUN_ALL_PARAGRAPHS: notAvailable('RUN_ALL_PARAGRAPHS', 'paragraph execution'),
  CANCEL_PARAGRAPH: notAvailable('CANCEL_PARAGRAPH', 'paragraph execution'),
  CANCEL_ALL_PARAGRAPHS: notAvailable('CANCEL_ALL_PARAGRAPHS', 'paragraph execution'),
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
  ANGULAR_OBJECT_UPDATED: notAvailable('ANGULAR_OBJECT_UPDATED', 'angular object binding'),
  ANGULAR_OBJECT_CLIENT_BIND: notAvailable('ANGULAR_OBJECT_CLIENT_BIND', 'angular object binding'),
  ANGULAR_OBJECT_CLIENT_UNBIND: notAvailable('ANGULAR_OBJECT_CLIENT_UNBIND', 'angular object binding'),
  PARAGRAPH_EXECUTED_BY_SPELL: notAvailable('PARAGRAPH_EXECUTED_BY_SPELL', 'helium spell execution'),
} satisfies Partial<HandlerTable>;
