/**
 * Child process for the crash test: writes a handful of notes as fast as it can, forever, through the real
 * NoteRepo. The parent kills it with SIGKILL mid-write. Prints "ready" once every note exists on disk.
 */
import { NoteRepo } from '../../../server/storage/noteRepo';
import { newParagraph } from '../../../server/notes/paragraphs';
import type { Note } from '../../../protocol';

async function main(): Promise<void> {
  const root = process.argv[2];
  const repo = new NoteRepo(root);
  await repo.init();
  const notes: Note[] = Array.from({ length: 8 }, (_, i) => ({ paragraphs: [], name: `n${i}`, id: `CRASHNOTE${i}`.slice(0, 9).replace(/O/g, 'P') + i, config: {}, info: {} }));
  const pathOf = (i: number, round: number): string => (i % 2 === 0 ? `/folder/n${i}` : `/n${i}${round % 3 === 0 ? '' : '-moved'}`);
  await Promise.all(notes.map((n, i) => repo.save(n.id, () => ({ path: pathOf(i, 0), note: n }))));
  process.stdout.write('ready\n');
  for (let round = 1; ; round++) {
    await Promise.all(notes.map((n, i) => {
      // Big, changing content makes torn writes likely if writes were not atomic.
      n.paragraphs.push({ ...newParagraph('crash'), text: 'x'.repeat(2000 + (round % 50) * 100) });
      if (n.paragraphs.length > 30) n.paragraphs.splice(0, 10);
      return repo.save(n.id, () => ({ path: pathOf(i, round), note: n }));
    }));
  }
}

void main();
