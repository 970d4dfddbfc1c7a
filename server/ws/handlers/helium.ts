/**
 * Spells (PROTOCOL 2.9): a spell runs in the browser, which then reports the run with PARAGRAPH_EXECUTED_BY_SPELL.
 * The server stores it like an interpreter run and shows it to the other viewers of the note.
 *
 * Zeppelin itself fails on a non-null `results` (a class cast); this server stores them, which is the flow the op
 * describes, and accepts each message's text as `serializedData` (PROTOCOL) or `data` (the stored form).
 */
import type { ParagraphResults, ParagraphStatus, ResultMessage } from '../../../protocol';
import { PARAGRAPH_STATUSES } from '../../../protocol/model';
import { findParagraph, newParagraph, setParagraphField, setText } from '../../notes/paragraphs';
import { toWsParagraph } from '../../notes/wire';
import { anyDateToFile, formatFileDate } from '../../util/dates';
import { noSuchParagraph, ZeppelinError } from '../../util/errors';
import { openNote, type HandlerTable } from '../context';

const JOB_STATUSES = PARAGRAPH_STATUSES.filter((s) => s !== 'UNKNOWN');

function spellResults(raw: unknown): ParagraphResults | undefined {
  if (raw === undefined || raw === null) return undefined;
  const r = raw as { code?: unknown; msg?: unknown };
  if (!Array.isArray(r.msg)) throw new ZeppelinError('PARAGRAPH_EXECUTED_BY_SPELL: results.msg must be a list');
  const msg: ResultMessage[] = r.msg.map((m: unknown, i) => {
    const item = (m ?? {}) as { type?: unknown; serializedData?: unknown; data?: unknown };
    const data = item.serializedData ?? item.data ?? '';
    if (typeof item.type !== 'string' || typeof data !== 'string') throw new ZeppelinError(`PARAGRAPH_EXECUTED_BY_SPELL: results.msg[${i}] needs a type and text`);
    return { type: item.type, data };
  });
  return { code: r.code === 'ERROR' ? 'ERROR' : 'SUCCESS', msg };
}

/** Dates arrive as ISO-8601 with millis; stored in the file flavour like every other paragraph date. */
function fileDate(v: string | undefined): string | undefined {
  if (typeof v !== 'string' || v === '') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? anyDateToFile(v) : formatFileDate(d);
}

export const heliumHandlers = {
  PARAGRAPH_EXECUTED_BY_SPELL: async (data, ctx) => {
    if (!(JOB_STATUSES as readonly string[]).includes(data.status)) {
      throw new ZeppelinError(`PARAGRAPH_EXECUTED_BY_SPELL: status must be one of ${JOB_STATUSES.join(', ')}`);
    }
    const entry = openNote(ctx);
    const found = findParagraph(entry.note, data.id);
    if (!found) throw noSuchParagraph(data.id);
    const results = spellResults(data.results);
    const p = found.paragraph;
    if (typeof data.paragraph === 'string') setText(p, data.paragraph);
    if (data.title !== undefined) setParagraphField(p, 'title', data.title);
    if (data.params) setParagraphField(p, 'settings', { ...(p.settings ?? {}), params: { ...data.params }, forms: p.settings?.forms ?? {} });
    // Replaced, not merged: the spell run reports the paragraph's whole config.
    setParagraphField(p, 'config', { ...(data.config ?? {}) });
    setParagraphField(p, 'user', ctx.user);
    if (results) setParagraphField(p, 'results', results);
    else delete p.results;
    const started = fileDate(data.dateStarted);
    const finished = fileDate(data.dateFinished);
    if (started) setParagraphField(p, 'dateStarted', started);
    if (finished) setParagraphField(p, 'dateFinished', finished);
    setParagraphField(p, 'status', data.status as ParagraphStatus);
    if (data.errorMessage) setParagraphField(p, 'errorMessage', data.errorMessage);
    else delete p.errorMessage;
    // A spell's run is a run too: its result joins the paragraph's history (docs/protocol.md 3.11).
    ctx.s.history.record(entry, p);
    if (found.index === entry.note.paragraphs.length - 1) entry.note.paragraphs.push(newParagraph(ctx.user));
    await ctx.s.notebook.save(entry.id);
    ctx.s.connections.toRoom(entry.id, 'RUN_PARAGRAPH_USING_SPELL', { paragraph: toWsParagraph(p) }, { except: ctx.conn });
    ctx.s.broadcasts.jobUpdate([entry.id]);
  },
} satisfies Partial<HandlerTable>;
