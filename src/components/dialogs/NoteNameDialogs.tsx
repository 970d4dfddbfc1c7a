/** "Create new note" and "Clone note": a name (with folder path) and, for a new note, the default interpreter. */
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { cloneNoteName, defaultNewNoteName } from '../../app/noteNames';
import { selectNoteList } from '../../../slices/notes';
import { noteDialogs } from '../../../slices/noteDialogs';
import { wsOut } from '../../../slices/wsActions';
import { FormDialog } from './FormDialog';

export function CreateNoteDialog({ folder, pending }: { folder: string | null; pending: boolean }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectNoteList);
  const settings = useAppSelector((s) => s.interpreters.settings);
  const [name, setName] = useState(() => defaultNewNoteName(list, folder));
  const [interpreter, setInterpreter] = useState('');
  const chosen = interpreter || settings[0]?.name || '';
  const submit = () => {
    const trimmed = name.trim();
    dispatch(wsOut.NEW_NOTE({ ...(trimmed ? { name: trimmed } : {}), ...(chosen ? { defaultInterpreterGroup: chosen } : {}) }));
  };
  return (
    <FormDialog title="Create new note" verb="Create" onSubmit={submit} onCancel={() => dispatch(noteDialogs.closed())} disabled={pending}>
      <label>Note Name
        <input type="text" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
      <p className="hint">Use '/' to create folders. Example: /NoteDirA/Note1</p>
      <label>Default Interpreter
        <select value={chosen} onChange={(e) => setInterpreter(e.target.value)}>
          {settings.length === 0 && <option value="">(server default)</option>}
          {settings.map((s) => <option key={s.id} value={s.name}>{s.name}</option>)}
        </select>
      </label>
    </FormDialog>
  );
}

export function CloneNoteDialog({ noteId, sourcePath, pending }: { noteId: string; sourcePath: string; pending: boolean }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectNoteList);
  const [name, setName] = useState(() => cloneNoteName(sourcePath, list));
  return (
    <FormDialog title="Clone note" verb="Clone" disabled={pending}
      onSubmit={() => dispatch(noteDialogs.cloneRequested({ noteId, name: name.trim() }))}
      onCancel={() => dispatch(noteDialogs.closed())}>
      <label>Note Name
        <input type="text" value={name} autoFocus onChange={(e) => setName(e.target.value)} />
      </label>
    </FormDialog>
  );
}
