import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { Note, Paragraph, Revision } from '../../protocol';
import type { ComparedNote } from '../../slices/revisions';
import { RevisionsComparator, type ComparePosition } from '../../src/revisions/RevisionsComparator';

const para = (id: string, text: string, output?: string): Paragraph => ({
  id, text, ...(output === undefined ? {} : { results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: output }] } }),
});
const note = (...paragraphs: Paragraph[]): Note => ({ id: 'N', paragraphs });

// 2026-08-22 17:07 local time, in seconds as the server sends it.
const T = Math.floor(new Date(2026, 7, 22, 17, 7).getTime() / 1000);
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const revisions: Revision[] = [
  { id: B, message: 'second commit', time: T },
  { id: A, message: 'first commit', time: T - 86400 },
];
const notes: Record<string, Note | undefined> = {
  Head: note(para('keep', '%md keep'), para('edit', '%md after', 'new output'), para('added', '%md brand new')),
  [A]: note(para('keep', '%md keep'), para('edit', '%md before', 'old output'), para('removed', '%md old')),
  [B]: note(para('keep', '%md keep'), para('edit', '%md before')),
  empty1: note(),
  empty2: note(),
  missing: undefined,
};

type Request = [string, ComparePosition];

/**
 * Stands in for the store and the saga: records a choice, and once both sides are chosen and differ answers each the
 * way NOTE_REVISION_FOR_COMPARE would (unless `answer` is off, to see the waiting state).
 */
function Harness({ requests, answer = true, list = revisions }: { requests: Request[]; answer?: boolean; list?: Revision[] }) {
  const [chosen, setChosen] = useState<Record<ComparePosition, string>>({ first: '', second: '' });
  const [loaded, setLoaded] = useState<Partial<Record<ComparePosition, ComparedNote>>>({});
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <RevisionsComparator revisions={list} chosen={chosen} loaded={loaded} selected={selected} onSelect={setSelected}
      onChoose={(position, id) => {
        const next = { ...chosen, [position]: id };
        setChosen(next);
        setSelected(null);
        if (next.first === '' || next.second === '' || next.first === next.second) return;
        for (const p of ['first', 'second'] as const) {
          requests.push([next[p], p]);
          if (answer) setLoaded((l) => ({ ...l, [p]: notes[next[p]] ? { revisionId: next[p], note: notes[next[p]] } : { revisionId: next[p] } }));
        }
      }} />
  );
}

test('lists Head first, then the revisions with their dates; asks to choose until two different ones are chosen', () => {
  const requests: Request[] = [];
  render(<Harness requests={requests} />);
  const list = screen.getByRole('list', { name: 'Revisions' });
  expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
    'Head ',
    'second commit August 22nd 2026, 5:07 pm',
    'first commit August 21st 2026, 5:07 pm',
  ]);
  const first = screen.getByLabelText('First revision') as HTMLSelectElement;
  expect([...first.options].map((o) => o.textContent)).toEqual([
    'Choose...',
    'Head',
    'second commit — August 22nd 2026, 5:07 pm',
    'first commit — August 21st 2026, 5:07 pm',
  ]);
  expect(first.value).toBe('');
  expect((screen.getByLabelText('Second revision') as HTMLSelectElement).value).toBe('');
  expect(screen.getByText('Please select a revision')).toBeInTheDocument();

  fireEvent.change(first, { target: { value: 'Head' } });
  expect(screen.getByText('Please select a revision')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'Head' } });
  expect(requests).toEqual([]);
  expect(screen.getByText('Please select a revision')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Paragraphs' })).toBeNull();
});

test('waits for both notes, then compares paragraph by paragraph and shows the diff of the chosen one', () => {
  const requests: Request[] = [];
  const { unmount } = render(<Harness requests={requests} answer={false} />);
  fireEvent.change(screen.getByLabelText('First revision'), { target: { value: A } });
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'Head' } });
  expect(requests).toEqual([[A, 'first'], ['Head', 'second']]);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  unmount();

  render(<Harness requests={[]} />);
  fireEvent.change(screen.getByLabelText('First revision'), { target: { value: A } });
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'Head' } });
  expect(screen.queryByText('Please select a revision')).toBeNull();

  const list = screen.getByRole('list', { name: 'Paragraphs' });
  expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual([
    '%md keep contents are identical',
    '%md after there are differences',
    '%md brand new added',
    '%md old deleted',
  ]);
  expect(list.querySelector('.is-added')?.textContent).toContain('%md brand new');
  expect(list.querySelector('.is-deleted')?.textContent).toContain('%md old');
  expect(screen.getByText('Nothing to display')).toBeInTheDocument();

  fireEvent.click(within(list).getByText('%md after'));
  expect(within(list).getByText('%md after').closest('button')).toHaveAttribute('aria-pressed', 'true');
  const text = screen.getByRole('region', { name: 'Text diff' });
  expect(text.querySelector('.jsondiffpatch-deleted')?.textContent).toContain('before');
  expect(text.querySelector('.jsondiffpatch-added')?.textContent).toContain('after');
  const results = screen.getByRole('region', { name: 'Results diff' });
  expect(results.textContent).toContain('old');
  expect(results.textContent).toContain('new');
  expect(screen.queryByText('Nothing to display')).toBeNull();

  fireEvent.click(within(list).getByText('%md keep'));
  expect(screen.queryByRole('region', { name: 'Text diff' })).toBeNull();
  expect(screen.getByText('%md keep', { selector: 'pre' })).toBeInTheDocument();

  // A new choice starts a new comparison: no paragraph is picked any more.
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: B } });
  expect(within(screen.getByRole('list', { name: 'Paragraphs' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
    '%md keep contents are identical',
    '%md before there are differences',
    '%md old deleted',
  ]);
  expect(screen.getByText('Nothing to display')).toBeInTheDocument();
});

test('two notes without paragraphs show "Nothing to display"; a revision the server lacks shows the problem', () => {
  const list: Revision[] = [{ id: 'empty2', message: 'two', time: T }, { id: 'empty1', message: 'one', time: T }, { id: 'missing', message: 'gone', time: T }];
  render(<Harness requests={[]} list={list} />);
  fireEvent.change(screen.getByLabelText('First revision'), { target: { value: 'empty1' } });
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'empty2' } });
  expect(screen.getByText('Nothing to display')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Paragraphs' })).toBeNull();
  fireEvent.change(screen.getByLabelText('Second revision'), { target: { value: 'missing' } });
  expect(screen.getByRole('alert')).toHaveTextContent('There is a problem with this Revision');
});
