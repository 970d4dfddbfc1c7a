/** `/api/notebook/{noteId}/paragraph...` and clearing a note's output (PROTOCOL 3.3). */
import type { FastifyInstance } from 'fastify';
import type { Paragraph } from '../../protocol';
import { clearOutput, commitParagraph, findParagraph, newParagraph, setParagraphField } from '../notes/paragraphs';
import { toRestParagraph } from '../notes/wire';
import type { Services } from '../services';
import { noSuchParagraph, ZeppelinError } from '../util/errors';
import { bodyObject, ok, wrap } from './envelope';

type NoteParams = { Params: { noteId: string } };
type ParagraphParams = { Params: { noteId: string; pid: string } };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function registerParagraphRoutes(app: FastifyInstance, s: Services): void {
  const paragraphOf = (noteId: string, pid: string): { paragraph: Paragraph; index: number } => {
    const found = findParagraph(s.notebook.mustGet(noteId).note, pid);
    if (!found) throw noSuchParagraph(pid);
    return found;
  };

  app.put('/api/notebook/:noteId/clear', wrap<NoteParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    for (const p of entry.note.paragraphs) clearOutput(p);
    await s.notebook.save(entry.id);
    return ok(reply, undefined, '');
  }));

  app.post('/api/notebook/:noteId/paragraph/next', wrap<NoteParams & { Querystring: { maxParagraph?: string } }>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const max = Number.parseInt(req.query.maxParagraph ?? '', 10);
    const paragraphs = entry.note.paragraphs;
    if (Number.isFinite(max) && max > 0 && paragraphs.length >= max) {
      // Recycle the oldest finished paragraph other than the first one.
      const done = paragraphs.map((p, i) => ({ p, i })).filter(({ p, i }) => i > 0 && (p.status === 'FINISHED' || p.status === 'ERROR' || p.status === 'ABORT' || p.status === 'READY'));
      if (done.length > 0) paragraphs.splice(done[0].i, 1);
    }
    const paragraph = newParagraph('anonymous');
    paragraphs.push(paragraph);
    await s.notebook.save(entry.id);
    s.broadcasts.note(entry);
    return ok(reply, undefined, paragraph.id);
  }));

  app.post('/api/notebook/:noteId/paragraph', wrap<NoteParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const body = bodyObject(req.body);
    const size = entry.note.paragraphs.length;
    const index = body.index === undefined || body.index === null ? size : Math.trunc(Number(body.index));
    if (!Number.isFinite(index) || index < 0 || index > size) throw new ZeppelinError(`Index ${String(body.index)} out of bounds`, 'BAD_REQUEST');
    const paragraph = newParagraph('anonymous');
    if (typeof body.title === 'string') setParagraphField(paragraph, 'title', body.title);
    if (typeof body.text === 'string') setParagraphField(paragraph, 'text', body.text);
    if (typeof body.config === 'object' && body.config !== null) setParagraphField(paragraph, 'config', { ...(body.config as object) });
    entry.note.paragraphs.splice(index, 0, paragraph);
    await s.notebook.save(entry.id);
    s.broadcasts.note(entry);
    s.broadcasts.jobUpdate([entry.id]);
    return ok(reply, paragraph.id, '');
  }));

  app.get('/api/notebook/:noteId/paragraph/:pid', wrap<ParagraphParams>(async (req, reply) => {
    const { paragraph } = paragraphOf(req.params.noteId, req.params.pid);
    return ok(reply, toRestParagraph(paragraph), '');
  }));

  app.put('/api/notebook/:noteId/paragraph/:pid', wrap<ParagraphParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const { paragraph } = paragraphOf(req.params.noteId, req.params.pid);
    const body = bodyObject(req.body);
    const text = str(body.text);
    if (text === undefined) throw new ZeppelinError('text must be a string', 'BAD_REQUEST');
    commitParagraph(paragraph, { text, title: str(body.title) });
    await s.notebook.save(entry.id);
    s.broadcasts.paragraph(entry, paragraph);
    return ok(reply, undefined, '');
  }));

  app.put('/api/notebook/:noteId/paragraph/:pid/config', wrap<ParagraphParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const { paragraph } = paragraphOf(req.params.noteId, req.params.pid);
    const body = bodyObject(req.body);
    if (Object.keys(body).length === 0) throw new ZeppelinError('paragraph config cannot be empty', 'BAD_REQUEST');
    setParagraphField(paragraph, 'config', { ...(paragraph.config ?? {}), ...body });
    await s.notebook.save(entry.id);
    return ok(reply, toRestParagraph(paragraph), '');
  }));

  app.post('/api/notebook/:noteId/paragraph/:pid/move/:newIndex', wrap<ParagraphParams & { Params: { newIndex: string } }>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const { index: from } = paragraphOf(req.params.noteId, req.params.pid);
    const to = Number(req.params.newIndex);
    if (!Number.isInteger(to) || to < 0 || to >= entry.note.paragraphs.length) throw new ZeppelinError(`newIndex ${req.params.newIndex} is out of bounds`, 'BAD_REQUEST');
    const [moved] = entry.note.paragraphs.splice(from, 1);
    entry.note.paragraphs.splice(to, 0, moved);
    await s.notebook.save(entry.id);
    s.broadcasts.note(entry);
    return ok(reply, undefined, '');
  }));

  app.delete('/api/notebook/:noteId/paragraph/:pid', wrap<ParagraphParams>(async (req, reply) => {
    const entry = s.notebook.mustGet(req.params.noteId);
    const { index } = paragraphOf(req.params.noteId, req.params.pid);
    entry.note.paragraphs.splice(index, 1);
    await s.notebook.save(entry.id);
    s.broadcasts.note(entry);
    s.broadcasts.jobUpdate([entry.id]);
    return ok(reply, undefined, '');
  }));
}
