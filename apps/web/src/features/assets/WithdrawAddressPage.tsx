import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WalletList, WithdrawAddress } from '@exchange/contracts';
import { DataTable } from '../../components/DataTable';
import { useWalletList } from '../../api/wallet';
import { Field } from '../../components/Field';
import { SendCodeButton } from '../../components/SendCodeButton';
import { SubmitButton } from '../../components/SubmitButton';
import { confirmDialog, toast } from '../../lib/notify';
import {
  bindWithdrawAddress,
  deleteWithdrawAddress,
  sendAddressCode,
  useCurrencyInfo,
  useWithdrawAddresses,
} from './api';
import { AssetsLayout } from './AssetsLayout';
import { CoinSelect } from './CoinSelect';
import { coinColumn } from './record-columns';
import { AddressInput, MemoField, SelectField } from './fields';
import { Loaded } from './States';
import { useSending } from './useSending';

/**
 * Document 3, section 4: the withdraw-address code can be asked again after 30 s. The server's code service
 * waits exactly this long for this purpose (RESEND_COOLDOWN_SECONDS in modules/verification), so the button
 * never offers a send the server would refuse.
 */
const ADDRESS_CODE_SECONDS = 30;
const MEMO_REQUIRED = 2;

/** Choose coin and chain type, enter the address (memo where needed) and the code (document 3, section 2). */
function BindForm({ wallets, onBound }: { wallets: WalletList; onBound: () => void }) {
  const { t } = useTranslation('assets');
  const coins = wallets.change_wallet.balance;
  const [currency, setCurrency] = useState<number | null>(coins[0]?.currency ?? null);
  const info = useCurrencyInfo(currency);
  const [chain, setChain] = useState('');
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [code, setCode] = useState('');
  const { busy, send: sending } = useSending();
  const chains = info.data?.type_data.map((item) => item.contract_address) ?? [];
  const chosenChain = chains.includes(chain) ? chain : (chains[0] ?? '');

  const sendCode = async () => {
    const answer = await sendAddressCode();
    toast(answer.msg, answer.code === 0 ? 'success' : 'error');
    return answer.code === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Document 3, section 5: the address, then the verification code.
    const problem = !address.trim()
      ? t('address.enterAddress')
      : !code.trim()
        ? t('address.enterCode')
        : null;
    if (problem || currency === null) {
      toast(problem ?? t('address.enterAddress'), 'error');
      return;
    }
    await sending(
      async () => {
        const answer = await bindWithdrawAddress({
          currency,
          contract_address: chosenChain,
          address: address.trim(),
          memo: memo.trim(),
          code: code.trim(),
        });
        toast(answer.msg, answer.code === 0 ? 'success' : 'error');
        if (answer.code === 0) {
          setAddress('');
          setMemo('');
          setCode('');
          onBound();
        }
      },
      () => toast(t('common:networkError'), 'error'),
    );
  };

  return (
    <form className="assets-form address-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="address-form-row">
        <Field label={t('table.coin')}>
          <CoinSelect coins={coins} value={currency} onChange={setCurrency} testId="address-coin" />
        </Field>
        <SelectField
          label={t('address.chain')}
          value={chosenChain}
          options={chains.map((item) => ({ value: item, label: item }))}
          onChange={setChain}
          testId="address-chain"
        />
      </div>
      <Field label={t('address.address')}>
        <AddressInput
          className="input num"
          value={address}
          onChange={setAddress}
          placeholder={t('address.enterAddress')}
          testId="address-input"
        />
      </Field>
      {info.data?.make_wallet === MEMO_REQUIRED && (
        <MemoField value={memo} onChange={setMemo} testId="address-memo" />
      )}
      <Field label={t('address.code')}>
        <div className="input-group">
          <input
            className="input num"
            inputMode="numeric"
            maxLength={6}
            value={code}
            placeholder={t('address.enterCode')}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            data-testid="address-code"
          />
          <SendCodeButton onSend={sendCode} seconds={ADDRESS_CODE_SECONDS} />
        </div>
      </Field>
      <SubmitButton testId="address-submit" busy={busy} label={t('address.bind')} />
    </form>
  );
}

/** The bound addresses with a delete action each. */
function AddressList({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('assets');
  const addresses = useWithdrawAddresses(null);

  const remove = async (id: number, address: string) => {
    if (!(await confirmDialog({ text: t('address.deleteConfirm', { address }) }))) return;
    try {
      toast(await deleteWithdrawAddress(id), 'success');
    } catch {
      // The API client showed the reason.
    }
    onChanged();
  };

  return (
    <Loaded query={addresses}>
      {(bound) => (
        <div className="assets-table-wrap">
          <DataTable
            columns={[
              coinColumn<WithdrawAddress>(t, (row) => row.coin_name),
              {
                header: t('address.chain'),
                cell: (row) => <span className="secondary">{row.contract_address}</span>,
              },
              {
                header: t('address.address'),
                // The class clips a long address on the cell itself.
                className: 'record-address',
                cell: (row) => (
                  <span className="num" data-testid="address-value">
                    {row.address}
                  </span>
                ),
              },
              {
                header: t('withdraw.memo'),
                cell: (row) => <span className="secondary">{row.memo || '--'}</span>,
              },
              {
                header: t('table.actions'),
                align: 'right',
                cell: (row) => (
                  <button
                    type="button"
                    className="btn-link row-action"
                    onClick={() => void remove(row.id, row.address)}
                    data-testid="address-delete"
                  >
                    {t('address.delete')}
                  </button>
                ),
              },
            ]}
            rows={bound}
            rowKey={(row) => row.id}
            rowProps={() => ({ 'data-testid': 'address-row' })}
          />
          {bound.length === 0 && (
            <div className="empty" data-testid="address-empty">
              {t('address.none')}
            </div>
          )}
        </div>
      )}
    </Loaded>
  );
}

/** `/withdraw_address` (document 3): bind a withdraw address with a code, list and delete bound ones. */
export default function WithdrawAddressPage() {
  const { t } = useTranslation('assets');
  const wallets = useWalletList();
  const client = useQueryClient();
  // Every list of bound addresses (this page's and each withdraw panel's) is read again.
  const changed = () => void client.invalidateQueries({ queryKey: ['assets', 'withdraw-addresses'] });
  return (
    <AssetsLayout testId="withdraw-address-page">
      <section className="panel">
        <header className="panel-header">{t('address.title')}</header>
        <div className="panel-body">
          <Loaded query={wallets}>{(data) => <BindForm wallets={data} onBound={changed} />}</Loaded>
        </div>
      </section>
      <section className="panel">
        <header className="panel-header">{t('address.list')}</header>
        <AddressList onChanged={changed} />
      </section>
    </AssetsLayout>
  );
}
