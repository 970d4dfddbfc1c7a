import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notePage } from '../../../slices/notePage';
import type { FormParams } from '../../../protocol';
import { Forms } from './Forms';
import { selectEditBlocked, selectOpenMeta } from '../../../slices/noteSelectors';

const EMPTY_FORMS = {};

/** Note-level forms (`$${name}`) at the top of the note, with an editable title and removable forms. */
export function NoteForms() {
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectOpenMeta);
  const blocked = useAppSelector(selectEditBlocked);
  const [editing, setEditing] = useState<string | null>(null);
  const forms = meta?.noteForms ?? EMPTY_FORMS;
  if (!meta || Object.keys(forms).length === 0) return null;
  const title = meta.config?.noteFormTitle || 'Note forms';
  const commitTitle = () => {
    if (editing !== null && editing !== (meta.config?.noteFormTitle ?? '')) dispatch(notePage.noteConfigChanged({ noteFormTitle: editing }));
    setEditing(null);
  };
  return (
    <section className="note-forms" role="region" aria-label="Note forms">
      {editing === null ? (
        <h2 onClick={() => { if (!blocked) setEditing(meta.config?.noteFormTitle ?? ''); }} title={blocked ? undefined : 'Click to edit'}>{title}</h2>
      ) : (
        <input aria-label="Note forms title" autoFocus value={editing} onChange={(e) => setEditing(e.target.value)} onBlur={commitTitle}
          onKeyDown={(e) => { if (e.key === 'Enter') commitTitle(); if (e.key === 'Escape') setEditing(null); }} />
      )}
      <Forms forms={forms} params={meta.noteParams ?? {}} disabled={blocked} runOnSelectionChange={false}
        onChange={(name, value) => dispatch(notePage.noteParamsChanged({ params: { [name]: value } as FormParams }))}
        onRemove={blocked ? undefined : (name) => dispatch(notePage.noteFormRemoved({ name }))} />
    </section>
  );
}
