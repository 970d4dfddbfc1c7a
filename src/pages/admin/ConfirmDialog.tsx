import { Modal } from '../../components/Modal';

/** A yes/no question for the admin pages; Cancel and Escape both refuse. */
export function ConfirmDialog({ title, text, verb, onConfirm, onCancel }: { title: string; text: string; verb: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal title={title} onClose={onCancel}
      footer={<>
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="button" className="btn-primary" onClick={onConfirm}>{verb}</button>
      </>}>
      <p>{text}</p>
    </Modal>
  );
}

/** An error dialog with the server's message and a Close button. */
export function ErrorDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose} footer={<button type="button" onClick={onClose}>Close</button>}>
      <p>{message}</p>
    </Modal>
  );
}

/** What a page shows while its data has not arrived or could not be read. */
export function LoadState({ status, what }: { status: string; what: string }) {
  if (status === 'loading' || status === 'idle') return <p className="admin-muted" role="status">Loading {what}…</p>;
  if (status === 'failed') return <p role="alert">Could not load {what}.</p>;
  return null;
}
