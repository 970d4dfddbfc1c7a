import { useId, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../Modal';

/**
 * A modal whose body is a form: Enter in a field submits, the footer has "Cancel" and the verb of the action
 * (labels Zeppelin users know).
 */
export function FormDialog({ title, verb, onSubmit, onCancel, disabled, children, extraButtons }: {
  title: string;
  verb: string;
  onSubmit: () => void;
  onCancel: () => void;
  disabled?: boolean;
  children: ReactNode;
  extraButtons?: ReactNode;
}) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!disabled) onSubmit();
  };
  return (
    <Modal title={title} onClose={onCancel} footer={<>
      {extraButtons}
      <button type="button" onClick={onCancel}>Cancel</button>
      <button type="submit" form={formId} className="btn-primary" disabled={disabled}>{verb}</button>
    </>}>
      <form id={formId} onSubmit={submit} className="dialog-form">{children}</form>
    </Modal>
  );
}
