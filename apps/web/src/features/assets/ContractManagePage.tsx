import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import { accountRows, DETAIL_PATH } from './assets';
import { AccountSummary } from './AccountSummary';
import { AssetsLayout } from './AssetsLayout';
import { BalanceTable } from './BalanceTable';
import { LoadFailed, Loading } from './States';

const IDS = { row: 'manger-row', available: 'manger-available', frozen: 'manger-frozen' };

/** Where the contract account's business is done: the lever screens and its record. */
const SHORTCUTS = [
  { to: '/leverdealCenter', key: 'pages.trade', testId: 'manger-trade' },
  { to: '/leverTransactions', key: 'pages.positions', testId: 'manger-positions' },
  { to: '/leverList', key: 'pages.orders', testId: 'manger-orders' },
  { to: '/finanrec', key: 'pages.financeRecord', testId: 'manger-finanrec' },
] as const;

function ContractManage({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation('assets');
  const [hidden, setHidden] = useState(false);
  const rows = useMemo(() => accountRows(wallets, 'lever'), [wallets]);
  return (
    <>
      <AccountSummary
        wallets={wallets}
        account="lever"
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
      />
      <nav className="panel manger-shortcuts" aria-label={t('pages.mangerTitle')}>
        {SHORTCUTS.map((item) => (
          <Link key={item.to} to={item.to} className="btn btn-ghost" data-testid={item.testId}>
            {t(item.key)}
          </Link>
        ))}
      </nav>
      <section className="panel" data-testid="manger">
        <header className="panel-header">
          <span>{t('pages.mangerTitle')}</span>
        </header>
        <BalanceTable
          rows={rows}
          hidden={hidden}
          ids={IDS}
          actions={(row) => (
            <>
              {/* The transfer in/out dialogs of the original, as the contract pair's transfer page. */}
              <Link
                to={`/transferLever?id=${row.currency}`}
                className="row-action"
                data-testid="manger-transfer-in"
              >
                {t('pages.transferIn')}
              </Link>
              <Link
                to={`/transferLever?id=${row.currency}&from=lever`}
                className="row-action"
                data-testid="manger-transfer-out"
              >
                {t('pages.transferOut')}
              </Link>
              <Link
                to={`${DETAIL_PATH.lever}?currency_id=${row.currency}`}
                className="row-action"
                data-testid="manger-record"
              >
                {t('action.record')}
              </Link>
            </>
          )}
        />
      </section>
    </>
  );
}

/**
 * `/lever_manger` and `/manger`, the contract account's management page (document 2, section 2; document 3,
 * section 2). The original was a static placeholder; this shows the contract account as the server holds it,
 * transfer in and out per coin, and the ways to its positions, orders and finance record.
 */
export default function ContractManagePage() {
  const wallets = useWalletList();
  return (
    <AssetsLayout testId="manger-page">
      {wallets.isPending ? (
        <Loading />
      ) : wallets.isError ? (
        <LoadFailed error={wallets.error} onRetry={() => void wallets.refetch()} />
      ) : (
        <ContractManage wallets={wallets.data} />
      )}
    </AssetsLayout>
  );
}
