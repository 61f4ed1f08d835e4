import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFormActions, Modal } from '../../components/Modal';
import { toast } from '../../lib/notify';
import { batchCloseLever, useRefreshLever } from './api';
import { BATCH_TYPES, type BatchType } from './lever-math';

/** Closes all positions, all longs or all shorts of one quote currency (`batch_close` type 0, 1, 2). */
export function BatchCloseModal({ legalId, onClose }: { legalId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('lever');
  const refresh = useRefreshLever();
  const [type, setType] = useState<BatchType>(0);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      toast(await batchCloseLever(type, legalId), 'success');
      refresh();
      onClose();
    } catch {
      // Shown by the API client (for instance: nothing to close).
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={t('batch.title')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} data-testid="batch-modal">
        <div className="lv-batch-options" role="radiogroup">
          {BATCH_TYPES.map((value) => (
            <label key={value} className={`lv-batch-option${type === value ? ' active' : ''}`}>
              <input
                type="radio"
                name="batch-type"
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
                data-testid={`batch-type-${value}`}
              />
              {t(`batch.${value}`)}
            </label>
          ))}
        </div>
        <p className="muted">{t('batch.hint')}</p>
        <DialogFormActions onCancel={onClose} testId="batch-submit" busy={sending} />
      </form>
    </Modal>
  );
}
