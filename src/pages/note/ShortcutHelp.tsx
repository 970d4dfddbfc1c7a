import { useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { notePage } from '../../../slices/notePage';
import { chordLabel, COMMANDS, EDITOR_KEYS, type Command } from '../../../slices/domain/commands';
import { isKeymap, KEYMAP_KEYS, KEYMAPS } from '../../../slices/domain/keymaps';
import { selectKeymap, ui } from '../../../slices/ui';

const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** The "Keyboard shortcuts" dialog, built from the same registry the key handler uses. */
export function ShortcutHelp() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.notePage.helpOpen);
  const keymap = useAppSelector(selectKeymap);
  if (!open) return null;
  const mac = isMac();
  const label = KEYMAPS.find((k) => k.id === keymap)?.label ?? keymap;
  return (
    <Modal title="Keyboard shortcuts" onClose={() => dispatch(notePage.helpToggled(false))}
      footer={<button type="button" onClick={() => dispatch(notePage.helpToggled(false))}>Close</button>}>
      <label className="keymap-choice">Keymap{' '}
        <select value={keymap} onChange={(e) => { if (isKeymap(e.target.value)) dispatch(ui.keymapChosen(e.target.value)); }}>
          {KEYMAPS.map((k) => <option key={k.id} value={k.id}>{k.label}</option>)}
        </select>
      </label>
      {KEYMAP_KEYS[keymap].length > 0 && (
        <table className="shortcut-table" aria-label={`${label} keys`}>
          <tbody>
            {KEYMAP_KEYS[keymap].map((k) => <tr key={k.keys}><td><kbd>{k.keys}</kbd></td><td>{k.label}</td></tr>)}
          </tbody>
        </table>
      )}
      <table className="shortcut-table" aria-label="Zeppelin keys">
        <tbody>
          {COMMANDS.filter((c) => c.chord).map((c) => (
            <tr key={c.id}><td><kbd>{chordLabel(c.chord ?? { code: '' }, mac)}</kbd></td><td>{c.label}</td></tr>
          ))}
          {EDITOR_KEYS.map((k) => <tr key={k.label}><td><kbd>{k.keys}</kbd></td><td>{k.label}</td></tr>)}
        </tbody>
      </table>
    </Modal>
  );
}

/** Every note and paragraph command with its key; type to filter, Enter runs the first. */
export function CommandPalette() {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.notePage.paletteOpen);
  const [q, setQ] = useState('');
  const list = useMemo(() => COMMANDS.filter((c) => !c.editorOnly && c.id !== 'palette' && c.label.toLowerCase().includes(q.toLowerCase())), [q]);
  if (!open) return null;
  const close = () => {
    setQ('');
    dispatch(notePage.paletteToggled(false));
  };
  const pick = (c: Command) => {
    close();
    dispatch(notePage.commandInvoked({ command: c.id }));
  };
  return (
    <Modal title="Command palette" onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
      <input aria-label="Command" autoFocus value={q} placeholder="Type a command" onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter' && list[0]) pick(list[0]); }} />
      <ul className="palette-list" role="listbox" aria-label="Commands">
        {list.map((c) => (
          <li key={c.id} role="option" aria-selected={false} onClick={() => pick(c)}>
            <span>{c.label}</span>{c.chord && <kbd>{chordLabel(c.chord)}</kbd>}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
