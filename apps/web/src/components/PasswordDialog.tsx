import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/notify';
import { Field } from './Field';
import { Modal } from './Modal';
import { SubmitButton } from './SubmitButton';

interface PasswordDialogProps {
  title: ReactNode;
  /** What the password confirms, shown above the field. */
  text?: ReactNode;
  /** Runs the action with the password; the dialog closes when it resolves and stays open when it throws. */
  onSubmit: (password: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks for the trade password before an action that changes money (document 2, section 6). A refusal is
 * toasted by the API client; the dialog stays so the user can try again.
 */
export function PasswordDialog({ title, text, onSubmit, onClose }: PasswordDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      toast(t('tradePassword.enter'), 'error');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(password);
      onClose();
    } catch {
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={busy ? () => undefined : onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="password-dialog">
        {text && <div className="password-dialog-text">{text}</div>}
        <Field label={t('tradePassword.label')} htmlFor="trade-password">
          <input
            id="trade-password"
            className="input"
            type="password"
            autoComplete="off"
            autoFocus
            maxLength={64}
            value={password}
            placeholder={t('tradePassword.placeholder')}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="trade-password"
          />
        </Field>
        <div className="dialog-actions password-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t('action.cancel')}
          </button>
          <SubmitButton testId="trade-password-submit" busy={busy} />
        </div>
      </form>
    </Modal>
  );
}
