import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { Note, Paragraph, Revision } from '../../src/protocol';
import { RevisionsComparator, type ComparePosition, type LoadedRevision } from '../../src/revisions/RevisionsComparator';

const para = (id: string, text: string): Paragraph => ({ id, text });
const note = (...paragraphs: Paragraph[]): Note => ({ id: 'N', paragraphs });

// 2026-08-22 17:07 local time, in seconds as the server sends it.
const T = Math.floor(new Date(2026, 7, 22, 17, 7).getTime() / 1000);
const revisions: Revision[] = [
  { id: 'b'.repeat(40), message: 'second commit', time: T },
  { id: 'a'.repeat(40), message: 'first commit', time: T - 86400 },
];
const notes: Record<string, Note> = {
  Head: note(para('keep', '%md keep'), para('edit', '%md after'), para('added', '%md brand new')),
  ['a'.repeat(40)]: note(para('keep', '%md keep'), para('edit', '%md before'), para('removed', '%md old')),
  ['b'.repeat(40)]: note(para('keep', '%md keep'), para('edit', '%md before')),
};

/** Stands in for the note page: answers each request the way NOTE_REVISION_FOR_COMPARE would. */
function Harness({ calls }: { calls: [string, string, ComparePosition][] }) {
  const [loaded, setLoaded] = useState<Partial<Record<ComparePosition, LoadedRevision>>>({});
  return (
    <RevisionsComparator
      noteId="N"
      revisions={revisions}
      loaded={loaded}
      onRequestRevision={(noteId, revisionId, position) => {
        calls.push([noteId, revisionId, position]);
        setLoaded((l) => ({ ...l, [position]: { revisionId, note: notes[revisionId] } }));
      }}
    />
  );
}

test('lists Head first, then the revisions with their dates; asks to choose until two different ones are chosen', () => {
  const calls: [string, string, ComparePosition][] = [];
  render(<Harness calls={calls} />);
  const first = screen.getByLabelText('First revision') as HTMLSelectElement;
  expect([...first.options].map((o) => o.textContent)).toEqual([
    'Choose...',
    'Head',
    'second commit — August 22nd 2026, 5:07 pm',
    'first commit — August 21st 2026, 5:07 pm',
  ]);
  expect(first.value).toBe('');
  expect(screen.getByText('Please select a revision')).toBeInTheDocument();

  fireEvent.change(first, { target: { value: 'Head' } });
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'Head' } });
  expect(calls).toEqual([['N', 'Head', 'first'], ['N', 'Head', 'second']]);
  expect(screen.getByText('Please select a revision')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Paragraphs' })).toBeNull();
});

test('compares two revisions paragraph by paragraph and shows the diff of the chosen one', () => {
  const calls: [string, string, ComparePosition][] = [];
  render(<Harness calls={calls} />);
  fireEvent.change(screen.getByLabelText('First revision'), { target: { value: 'a'.repeat(40) } });
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'Head' } });
  expect(screen.queryByText('Please select a revision')).toBeNull();

  const list = screen.getByRole('list', { name: 'Paragraphs' });
  expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual([
    '%md keep contents are identical',
    '%md after there are differences',
    '%md brand new added',
    '%md old deleted',
  ]);
  expect(screen.getByText('Nothing to display')).toBeInTheDocument();

  fireEvent.click(within(list).getByText('%md after'));
  const text = screen.getByRole('region', { name: 'Text diff' });
  expect(text.querySelector('.jsondiffpatch-textdiff-deleted')?.textContent).toContain('before');
  expect(text.querySelector('.jsondiffpatch-textdiff-added')?.textContent).toContain('after');
  expect(screen.queryByText('Nothing to display')).toBeNull();

  fireEvent.click(within(list).getByText('%md keep'));
  expect(screen.queryByRole('region', { name: 'Text diff' })).toBeNull();
  expect(screen.getByText('%md keep', { selector: 'pre' })).toBeInTheDocument();
});
