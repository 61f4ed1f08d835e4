import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/States';
import { useDepositAddress } from './api';
import type { BalanceRow } from './assets';
import { copyText } from '../../lib/clipboard';
import './i18n';

/** The deposit ("recharge") dialog: the user's own address for the coin, or why there is none. */
export function DepositDialog({ row, onClose }: { row: BalanceRow; onClose: () => void }) {
  const { t } = useTranslation('account');
  const address = useDepositAddress(row.canDeposit ? row.currency : null);

  let body;
  if (!row.canDeposit) body = <p className="deposit-note">{t('deposit.closed')}</p>;
  else if (address.isPending) body = <Spinner />;
  else if (address.isError || !address.data?.address)
    body = (
      <p className="deposit-note" data-testid="deposit-unavailable">
        {t('deposit.unavailable')}
        {address.error?.message ? ` (${address.error.message})` : ''}
      </p>
    );
  else {
    const data = address.data;
    body = (
      <div className="deposit-body">
        <div className="deposit-line">
          <span className="muted">{t('deposit.network')}</span>
          <span className="badge">{data.contract_address || row.network}</span>
        </div>
        <div className="field-label">{t('deposit.address')}</div>
        <div className="deposit-address">
          <code className="num" data-testid="deposit-address">
            {data.address}
          </code>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void copyText(data.address)}
          >
            {t('common:action.copy')}
          </button>
        </div>
        <ul className="deposit-tips">
          <li>
            {t('deposit.tipOnly', {
              coin: data.currency_name,
              network: data.contract_address || row.network,
            })}
          </li>
          <li>{t('deposit.tipCredit')}</li>
        </ul>
      </div>
    );
  }

  return (
    <Modal
      title={t('deposit.title', { coin: row.name })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('deposit.close')}
        </button>
      }
    >
      <div data-testid="deposit-dialog">{body}</div>
    </Modal>
  );
}
