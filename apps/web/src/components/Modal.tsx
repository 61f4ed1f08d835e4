import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './SubmitButton';

interface ModalProps {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
}

/** A centred dialog over the page; Escape and a click outside close it. */
export function Modal({ title, children, actions, onClose }: ModalProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="overlay" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true">
        {title && <div className="dialog-title">{title}</div>}
        <div className="dialog-body">{children}</div>
        {actions && <div className="dialog-actions">{actions}</div>}
      </div>
    </div>
  );
}

interface DialogFormActionsProps {
  onCancel: () => void;
  /** The submit button's test id. */
  testId: string;
  busy: boolean;
  /** The submit button's state, when it is not simply "disabled while busy". */
  disabled?: boolean;
  /** Classes besides `dialog-actions`. */
  className?: string;
}

/** The buttons under a dialog's form: cancel, which closes the dialog, and submit. */
export function DialogFormActions({ onCancel, testId, busy, disabled, className }: DialogFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className={className ? `dialog-actions ${className}` : 'dialog-actions'}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('action.cancel')}
      </button>
      <SubmitButton testId={testId} busy={busy} disabled={disabled} />
    </div>
  );
}
