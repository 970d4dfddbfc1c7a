import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectToasts, ui } from '../../slices/ui';

/** Toasts are dismissed by their button or after the timeout, never by a click on the text (spec). */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.level}`} role="alert">
          <span>{t.text}{t.count > 1 && <span className="toast-count"> ×{t.count}</span>}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dispatch(ui.toastDismissed(t.id))}>×</button>
        </div>
      ))}
    </div>
  );
}
