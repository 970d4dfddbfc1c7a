/**
 * Realistic server frames, shaped as PROTOCOL.md section 6 shows them and built from a real exported note.
 */
import fs from 'fs';
import path from 'path';
import type { Note, Paragraph } from '../../protocol';

export const FIXTURES = path.join(__dirname, '..', 'fixtures');

export function loadFixtureNote(file = '1. IPython Basic_2EYDJKFFY.zpln'): Note {
  const note = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'zeppelin-notes', file), 'utf8')) as Note;
  // A NOTE frame carries the path, which the file keeps in its name instead.
  return { ...note, path: `/Python Tutorial/${note.name ?? file}` };
}

export const frame = (op: string, data: unknown, msgId?: string) =>
  JSON.stringify({ op, data, ticket: 'anonymous', principal: 'anonymous', roles: '', ...(msgId ? { msgId } : {}) });

export const notesInfo = {
  notes: [
    { id: '2EYDJKFFY', path: '/Python Tutorial/1. IPython Basic' },
    { id: '2M4QX7RTZ', path: '/reports/Sales report' },
    { id: '2M4R0A1B2', path: '/~Trash/old draft' },
    { id: '2A94M5J1Z', path: '/Spark Basic Features' },
  ],
};

export function paragraphLike(base: Paragraph, changes: Partial<Paragraph>): Paragraph {
  return { ...base, ...changes };
}

export const newParagraph = (id: string, text = '%python\n'): Paragraph => ({
  text, user: 'anonymous', dateUpdated: '2026-08-22T17:02:11+0900', progress: 0, config: {},
  settings: { params: {}, forms: {} }, apps: [], runtimeInfos: {}, progressUpdateIntervalMs: 500,
  jobName: id, id, dateCreated: '2026-08-22T17:02:11+0900', status: 'READY',
});
