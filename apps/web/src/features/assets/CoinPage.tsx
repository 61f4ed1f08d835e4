import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import { availableOf, COIN_PAGE_PATH, LIST_PATH } from './assets';
import { AssetsLayout } from './AssetsLayout';
import { CoinSelect } from './CoinSelect';
import { DepositPanel } from './DepositPanel';
import { LoadFailed, Loading } from './States';
import { WithdrawPanel } from './WithdrawPanel';

type Kind = keyof typeof COIN_PAGE_PATH;

/** The coin the link asks for (`?currency_id=`, or the older `?id=` / `?currency=`), when it is an id. */
function requestedCoin(params: URLSearchParams): number | null {
  const id = Number(params.get('currency_id') ?? params.get('id') ?? params.get('currency'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function CoinPageBody({ kind, wallets }: { kind: Kind; wallets: WalletList }) {
  const { t } = useTranslation('assets');
  const [params, setParams] = useSearchParams();
  // Deposits and withdrawals go in and out of the spot account, so its coins are the ones offered.
  const coins = wallets.change_wallet.balance;
  const requested = requestedCoin(params);
  const coin = coins.find((item) => item.currency === requested) ?? coins[0];
  if (!coin) return <div className="panel empty">{t('pages.noCoins')}</div>;
  // Document 2, section 4: deposits and withdrawals are refused unless is_open_CTbi is 1.
  if (wallets.is_open_CTbi !== 1)
    return (
      <div className="panel empty" data-testid="coin-page-closed">
        {t('noOpen')}
      </div>
    );
  const available = availableOf(coin, 'change');

  return (
    <section className="panel">
      <header className="panel-header coin-page-header">
        <span>{t(kind === 'deposit' ? 'pages.depositTitle' : 'pages.withdrawTitle')}</span>
        <label className="coin-page-chooser">
          <span className="muted">{t('pages.coin')}</span>
          <CoinSelect
            coins={coins}
            value={coin.currency}
            onChange={(currency) => setParams({ currency_id: String(currency) }, { replace: true })}
            testId="coin-page-coin"
          />
        </label>
      </header>
      {kind === 'deposit' ? (
        <DepositPanel currency={coin.currency} name={coin.currency_name} asPage />
      ) : (
        <WithdrawPanel currency={coin.currency} name={coin.currency_name} available={available} asPage />
      )}
    </section>
  );
}

/**
 * `/coinDeposit` and `/coinWithdraw` (query currency_id): the deposit page (address, QR, copy, tips, the
 * coinRecord link, or the online-payment channel) and the withdraw page (crypto or online payment, with the
 * fee preview), the same panels the spot list opens under a coin row, with a coin chooser.
 */
export default function CoinPage() {
  const { t } = useTranslation('assets');
  const { pathname } = useLocation();
  const wallets = useWalletList();
  const kind: Kind = pathname === COIN_PAGE_PATH.withdraw ? 'withdraw' : 'deposit';
  return (
    <AssetsLayout testId={`coin-page-${kind}`}>
      <Link to={LIST_PATH.change} className="btn-link assets-back">
        ← {t('accounts.change')}
      </Link>
      {wallets.isPending ? (
        <Loading />
      ) : wallets.isError ? (
        <LoadFailed error={wallets.error} onRetry={() => void wallets.refetch()} />
      ) : (
        <CoinPageBody kind={kind} wallets={wallets.data} />
      )}
    </AssetsLayout>
  );
}
