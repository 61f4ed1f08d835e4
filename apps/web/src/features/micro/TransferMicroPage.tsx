import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { ApiError } from '../../lib/api';
import { sanitizeDecimalInput } from '../../lib/decimal-input';
import { formatGrouped, toDecimal } from '../../lib/format';
import { toast } from '../../lib/notify';
import { transferBetween, useWalletLists, type TransferAccount } from './api';
import { transferCoins, validateTransfer } from './micro-math';
import './i18n';
import './micro.css';

/** Wallet balances carry 8 decimals; the server checks the coin's own precision. */
const AMOUNT_DECIMALS = 8;
/** Document 3, section 4: after a successful transfer the user goes to the assets after 1 s. */
const REDIRECT_DELAY_MS = 1_000;

/**
 * `/transfermicro` (document 3, sections 2 and 5): moves a coin between the spot and options (micro)
 * accounts, either way, with an All button; `?from=micro` starts from the options account, `?currency=<id>`
 * preselects a coin.
 */
export default function TransferMicroPage() {
  const { t } = useTranslation('micro');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wallets = useWalletLists();
  const [from, setFrom] = useState<TransferAccount>(params.get('from') === 'micro' ? 'micro' : 'change');
  const [currencyId, setCurrencyId] = useState<number | null>(() => {
    const id = Number(params.get('currency'));
    return Number.isInteger(id) && id > 0 ? id : null;
  });
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  const to: TransferAccount = from === 'change' ? 'micro' : 'change';

  const body = () => {
    if (wallets.isPending) return <Spinner />;
    if (wallets.isError)
      return (
        <div className="empty">
          {wallets.error.message || t('orders.loadError')}
          <div>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => void wallets.refetch()}>
              {t('page.retry')}
            </button>
          </div>
        </div>
      );
    const groups = { change: wallets.data.change_wallet.balance, micro: wallets.data.micro_wallet.balance };
    const coins = transferCoins(groups[from], groups[to], from);
    const coin = coins.find((item) => item.currency === currencyId) ?? coins[0];
    if (!coin) return <div className="empty">{t('transfer.noCoins')}</div>;

    const submit = async (event: FormEvent) => {
      event.preventDefault();
      if (sending) return;
      const problem = validateTransfer(amount, coin.available);
      if (problem) {
        toast(t(`transfer.${problem}`), 'error');
        return;
      }
      setSending(true);
      try {
        const message = await transferBetween({
          currency_id: coin.currency,
          number: toDecimal(amount)?.toFixed() ?? amount,
          from_field: from,
          to_field: to,
        });
        toast(message, 'success');
        setAmount('');
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        void queryClient.invalidateQueries({ queryKey: ['micro'] });
        setTimeout(() => void navigate('/dealFinance?tab=micro'), REDIRECT_DELAY_MS);
      } catch (error) {
        if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
      } finally {
        setSending(false);
      }
    };

    return (
      <form className="micro-transfer-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="micro-transfer-direction">
          <div className="field">
            <span className="field-label">{t('transfer.from')}</span>
            <div className="input micro-transfer-account" data-testid="transfer-from" data-account={from}>
              {t(`transfer.accounts.${from}`)}
            </div>
          </div>
          <button
            type="button"
            className="btn btn-ghost micro-transfer-swap"
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
          <div className="field">
            <span className="field-label">{t('transfer.to')}</span>
            <div className="input micro-transfer-account" data-testid="transfer-to" data-account={to}>
              {t(`transfer.accounts.${to}`)}
            </div>
          </div>
        </div>
        <label className="field">
          <span className="field-label">{t('transfer.coin')}</span>
          <select
            className="select"
            value={coin.currency}
            onChange={(event) => {
              setCurrencyId(Number(event.target.value));
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
        </label>
        <label className="field">
          <span className="field-label">{t('transfer.amount')}</span>
          <div className="input-group">
            <input
              className="input num"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(sanitizeDecimalInput(event.target.value, AMOUNT_DECIMALS))}
              data-testid="transfer-amount"
            />
            <span className="input-addon">{coin.name}</span>
            <button
              type="button"
              className="btn btn-link micro-transfer-all"
              onClick={() => setAmount(toDecimal(coin.available)?.toFixed() ?? '')}
              data-testid="transfer-all"
            >
              {t('transfer.all')}
            </button>
          </div>
          <span className="muted micro-transfer-available" data-testid="transfer-available">
            {t('transfer.available', {
              amount: formatGrouped(coin.available, AMOUNT_DECIMALS),
              coin: coin.name,
            })}
          </span>
        </label>
        <SubmitButton
          testId="transfer-submit"
          busy={sending}
          label={t('transfer.submit')}
          className="btn btn-primary btn-block"
        />
      </form>
    );
  };

  return (
    <div className="container micro-transfer-page" data-testid="transfer-micro-page">
      <section className="panel micro-transfer">
        <header className="panel-header">
          <span>{t('transfer.title')}</span>
          <Link to="/secondsOrder" className="btn-link micro-transfer-back">
            {t('transfer.back')}
          </Link>
        </header>
        <div className="panel-body">
          <p className="secondary micro-transfer-subtitle">{t('transfer.subtitle')}</p>
          {body()}
        </div>
      </section>
    </div>
  );
}
