import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton } from '../../components/SubmitButton';
import { ApiError } from '../../lib/api';
import { normalizeDecimal } from '../../lib/decimal-input';
import { confirmDialog, toast } from '../../lib/notify';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import { transfer, useRefreshBalances } from './api';
import {
  ACCOUNTS,
  amountProblem,
  formatAmount,
  isAccount,
  LIST_PATH,
  otherAccount,
  TRANSFER_PAIRS,
  transferCoins,
  type Account,
} from './assets';
import { AssetsLayout } from './AssetsLayout';
import { AmountField, SelectField } from './fields';
import { Loaded } from './States';
import { useSending } from './useSending';

/** Document 3, section 4: after a successful transfer the user goes to the account's list after 1 s. */
const REDIRECT_DELAY_MS = 1_000;

type Pair = readonly [Account, Account] | null;

/** The coin asked for by the link (`?id=`, or the older `?currency=` / `?currency_id=`). */
function requestedCurrency(params: URLSearchParams): number | null {
  const id = Number(params.get('id') ?? params.get('currency') ?? params.get('currency_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The first account: `?from=` when the page allows it, else the spot (currency) account. */
function initialFrom(params: URLSearchParams, pair: Pair): Account {
  const from = params.get('from');
  if (isAccount(from) && (!pair || pair.includes(from))) return from;
  return 'change';
}

/** One side of the transfer: a fixed account on the pair pages, a choice of the four on the general one. */
function AccountSide({
  side,
  account,
  general,
  onChange,
}: {
  side: 'from' | 'to';
  account: Account;
  general: boolean;
  onChange: (account: Account) => void;
}) {
  const { t } = useTranslation('assets');
  return (
    <div className="field transfer-side">
      <span className="field-label">{t(`transfer.${side}`)}</span>
      {general ? (
        <select
          className="select"
          value={account}
          onChange={(event) => isAccount(event.target.value) && onChange(event.target.value)}
          data-testid={`transfer-${side}-select`}
          aria-label={t(`transfer.${side}`)}
        >
          {ACCOUNTS.map((item) => (
            <option key={item} value={item}>
              {t(`accounts.${item}`)}
            </option>
          ))}
        </select>
      ) : (
        <div className="input transfer-account" data-testid={`transfer-${side}`} data-account={account}>
          {t(`accounts.${account}`)}
        </div>
      )}
    </div>
  );
}

function TransferForm({ wallets, pair }: { wallets: WalletList; pair: Pair }) {
  const { t } = useTranslation('assets');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshBalances();
  const [from, setFrom] = useState<Account>(() => initialFrom(params, pair));
  const [to, setTo] = useState<Account>(() => otherAccount(initialFrom(params, pair), pair));
  const [currencyId, setCurrencyId] = useState<number | null>(() => requestedCurrency(params));
  const [amount, setAmount] = useState('');
  const { busy: sending, send } = useSending();
  // The redirect after a success is dropped when the user goes anywhere first (this page again included),
  // so it never pulls them away from where they went.
  const { key: locationKey } = useLocation();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), [locationKey]);
  const coins = transferCoins(wallets, from, to);
  const coin =
    coins.find((item) => item.currency === currencyId) ??
    coins.find((item) => item.name === 'USDT') ??
    coins[0];

  const choose = (side: 'from' | 'to', account: Account) => {
    // Two different accounts always: picking the other side's account swaps them.
    const [nextFrom, nextTo] =
      side === 'from' ? [account, account === to ? from : to] : [account === from ? to : from, account];
    setFrom(nextFrom);
    setTo(nextTo);
    setAmount('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !coin) return;
    const problem = amountProblem(amount, coin.available);
    if (problem) {
      toast(problem === 'amountRequired' ? t('transfer.amountRequired') : t(`form.${problem}`), 'error');
      return;
    }
    const number = normalizeDecimal(amount);
    const confirmed = await confirmDialog({
      title: t('transfer.confirmTitle'),
      text: t('transfer.confirmText', {
        amount: formatAmount(number),
        coin: coin.name,
        from: t(`accounts.${from}`),
        to: t(`accounts.${to}`),
      }),
    });
    if (!confirmed) return;
    await send(
      async () => {
        toast(
          await transfer({ currency_id: coin.currency, number, from_field: from, to_field: to }),
          'success',
        );
        setAmount('');
        refresh();
        const landing = pair ? (pair.find((account) => account !== 'change') ?? to) : to;
        redirect.current = setTimeout(() => void navigate(LIST_PATH[landing]), REDIRECT_DELAY_MS);
      },
      (error) => {
        if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
      },
    );
  };

  return (
    <form className="assets-form transfer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="transfer-direction">
        <AccountSide
          side="from"
          account={from}
          general={!pair}
          onChange={(account) => choose('from', account)}
        />
        <button
          type="button"
          className="btn btn-ghost transfer-swap"
          aria-label={t('transfer.swap')}
          title={t('transfer.swap')}
          onClick={() => {
            setFrom(to);
            setTo(from);
            setAmount('');
          }}
          data-testid="transfer-swap"
        >
          ⇄
        </button>
        <AccountSide side="to" account={to} general={!pair} onChange={(account) => choose('to', account)} />
      </div>
      {!coin ? (
        <div className="empty" data-testid="transfer-no-coins">
          {t('transfer.noCoins')}
        </div>
      ) : (
        <>
          <SelectField
            label={t('transfer.coin')}
            value={coin.currency}
            options={coins.map((item) => ({ value: item.currency, label: item.name }))}
            onChange={(value) => {
              setCurrencyId(Number(value));
              setAmount('');
            }}
            testId="transfer-coin"
          />
          <AmountField
            testIdPrefix="transfer"
            value={amount}
            onChange={setAmount}
            coin={coin.name}
            available={coin.available}
            placeholder={t('transfer.amountPlaceholder')}
          />
          <SubmitButton
            testId="transfer-submit"
            busy={sending}
            label={t('transfer.submit')}
            className="btn btn-primary btn-block"
          />
        </>
      )}
    </form>
  );
}

/**
 * The one transfer page (document 2, sections 2 and 5): `/transferLegal` (spot and fiat), `/transferLever`
 * (spot and lever), `/transfermicro` (spot and options) and `/transfer`, any two of the four accounts. Only
 * coins held in both accounts are offered; the direction swaps; All fills the available amount; a confirm
 * dialog precedes the transfer.
 */
export default function TransferPage() {
  const { t } = useTranslation('assets');
  const { pathname } = useLocation();
  const wallets = useWalletList();
  const pair = TRANSFER_PAIRS[pathname] ?? null;
  const testId =
    pathname === '/transferLever'
      ? 'transfer-lever-page'
      : pathname === '/transfermicro'
        ? 'transfer-micro-page'
        : 'transfer-page';
  return (
    <AssetsLayout testId={testId}>
      <section className="panel transfer-panel">
        <header className="panel-header">
          <span>{t(pair ? `transfer.title.${pair[1]}` : 'transfer.title.general')}</span>
          <Link to="/transferRecord" className="btn-link" data-testid="transfer-record-link">
            {t('nav.transferRecord')}
          </Link>
        </header>
        <div className="panel-body">
          <Loaded query={wallets}>
            {(data) => <TransferForm key={pathname} wallets={data} pair={pair} />}
          </Loaded>
        </div>
      </section>
    </AssetsLayout>
  );
}
