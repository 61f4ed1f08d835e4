import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { isBlockedKey, isPositive, normalizeDecimal, sanitizeDecimalInput } from '../../lib/decimal-input';
import { toast } from '../../lib/notify';
import { transferLever, useLeverWallets, useRefreshLever } from './api';
import { LeverPageHeader } from './LeverNav';
import { transferCoins, type TransferAccount } from './transfer';
import { LoadError } from './LoadError';
import './i18n';
import './lever.css';

/** Document 3, section 4: after a transfer the user goes to the assets page after 1 s. */
const AFTER_TRANSFER_MS = 1_000;
const TRANSFER_DECIMALS = 8;

/** Moves coins between the spot and lever accounts (/transferLever, document 3, sections 2 and 5). */
export default function TransferLeverPage() {
  const { t } = useTranslation('lever');
  const navigate = useNavigate();
  const refresh = useRefreshLever();
  const wallets = useLeverWallets();
  const [from, setFrom] = useState<TransferAccount>('change');
  const [currency, setCurrency] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const to: TransferAccount = from === 'change' ? 'lever' : 'change';
  const coins = wallets.data ? transferCoins(wallets.data, from) : [];
  const coin =
    coins.find((item) => item.currency === currency) ??
    coins.find((item) => item.name === 'USDT') ??
    coins[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !coin) return;
    if (!isPositive(amount)) {
      toast(t('transfer.enterAmount'), 'error');
      return;
    }
    setSending(true);
    try {
      const message = await transferLever({
        currency_id: coin.currency,
        number: normalizeDecimal(amount),
        from_field: from,
        to_field: to,
      });
      toast(message, 'success');
      setAmount('');
      refresh();
      setTimeout(() => void navigate('/dealFinance?tab=lever'), AFTER_TRANSFER_MS);
    } catch {
      // Shown by the API client (an open position keeps funds in the lever account, for instance).
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="container lv-list-page lv-transfer-page" data-testid="transfer-lever-page">
      <LeverPageHeader title={t('transfer.title')} />
      <section className="panel lv-transfer-panel">
        {wallets.isPending ? (
          <Spinner />
        ) : wallets.isError ? (
          <LoadError error={wallets.error} onRetry={() => void wallets.refetch()} />
        ) : (
          <form onSubmit={(event) => void submit(event)} className="lv-transfer-form">
            <div className="lv-direction">
              <div className="lv-account">
                <span className="muted">{t('transfer.from')}</span>
                <strong data-testid="transfer-from">{t(`transfer.${from}`)}</strong>
              </div>
              <button
                type="button"
                className="btn btn-ghost lv-swap"
                aria-label={t('transfer.swap')}
                title={t('transfer.swap')}
                onClick={() => {
                  setFrom(to);
                  setAmount('');
                }}
                data-testid="transfer-swap"
              >
                ⇄
              </button>
              <div className="lv-account">
                <span className="muted">{t('transfer.to')}</span>
                <strong data-testid="transfer-to">{t(`transfer.${to}`)}</strong>
              </div>
            </div>
            {coins.length === 0 ? (
              <div className="empty">{t('transfer.noCoins')}</div>
            ) : (
              <>
                <div className="field">
                  <label className="field-label" htmlFor="lv-transfer-coin">
                    {t('transfer.coin')}
                  </label>
                  <select
                    id="lv-transfer-coin"
                    className="select"
                    value={coin?.currency ?? ''}
                    onChange={(event) => {
                      setCurrency(Number(event.target.value));
                      setAmount('');
                    }}
                    data-testid="transfer-coin"
                  >
                    {coins.map((item) => (
                      <option key={item.currency} value={item.currency}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field-label" htmlFor="lv-transfer-amount">
                    {t('transfer.amount')}
                  </label>
                  <div className="input-group">
                    <input
                      id="lv-transfer-amount"
                      className="input num"
                      inputMode="decimal"
                      value={amount}
                      onKeyDown={(event) => isBlockedKey(event.key) && event.preventDefault()}
                      onChange={(event) =>
                        setAmount(sanitizeDecimalInput(event.target.value, TRANSFER_DECIMALS))
                      }
                      data-testid="transfer-amount"
                    />
                    <button
                      type="button"
                      className="btn btn-link input-addon"
                      onClick={() => coin && setAmount(normalizeDecimal(coin.available))}
                      data-testid="transfer-all"
                    >
                      {t('transfer.all')}
                    </button>
                  </div>
                  <div className="lv-hint muted" data-testid="transfer-available">
                    {t('transfer.available', {
                      amount: normalizeDecimal(coin?.available ?? '0'),
                      coin: coin?.name,
                    })}
                  </div>
                </div>
                <SubmitButton
                  testId="transfer-submit"
                  busy={sending}
                  label={t('transfer.submit')}
                  className="btn btn-primary btn-block"
                />
              </>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
