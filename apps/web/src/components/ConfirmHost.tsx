import { useTranslation } from 'react-i18next';
import { useConfirmRequest } from '../lib/notify';
import { Modal } from './Modal';

/** Renders the pending `confirmDialog()` request, if any. */
export function ConfirmHost() {
  const request = useConfirmRequest();
  const { t } = useTranslation();
  if (!request) return null;
  return (
    <Modal
      title={request.title}
      onClose={() => request.resolve(false)}
      actions={
        <>
          <button className="btn btn-ghost" onClick={() => request.resolve(false)}>
            {request.cancelLabel ?? t('action.cancel')}
          </button>
          <button className="btn btn-primary" data-testid="confirm-yes" onClick={() => request.resolve(true)}>
            {request.confirmLabel ?? t('action.confirm')}
          </button>
        </>
      }
    >
      {request.text}
    </Modal>
  );
}
