import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import { accountRows, COIN_PAGE_PATH, DETAIL_PATH } from './assets';
import { AccountSummary } from './AccountSummary';
import { AssetsLayout } from './AssetsLayout';
import { BalanceTable } from './BalanceTable';
import { LoadFailed, Loading } from './States';

const IDS = {
  row: 'legal-finance-row',
  available: 'legal-finance-available',
  frozen: 'legal-finance-frozen',
};

function LegalFinance({ wallets }: { wallets: WalletList }) {
  const { t } = useTranslation('assets');
  const [hidden, setHidden] = useState(false);
  const rows = useMemo(() => accountRows(wallets, 'legal'), [wallets]);
  return (
    <>
      <AccountSummary
        wallets={wallets}
        account="legal"
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
      />
      <section className="panel" data-testid="legal-finance">
        <header className="panel-header">
          <span>{t('pages.legalTitle')}</span>
        </header>
        {/* Deposits and withdrawals book to the spot account; saying so keeps the actions below honest. */}
        <p className="assets-hint muted legal-finance-hint" data-testid="legal-finance-hint">
          {t('pages.throughSpot')}
        </p>
        <BalanceTable
          rows={rows}
          hidden={hidden}
          ids={IDS}
          actions={(row) => (
            <>
              <Link
                to={`${COIN_PAGE_PATH.deposit}?currency_id=${row.currency}`}
                className="row-action"
                data-testid="legal-finance-deposit"
              >
                {t('pages.depositAddress')}
              </Link>
              <Link
                to={`${COIN_PAGE_PATH.withdraw}?currency_id=${row.currency}`}
                className="row-action"
                data-testid="legal-finance-withdraw"
              >
                {t('action.withdraw')}
              </Link>
              <Link
                to={`/transferLegal?id=${row.currency}&from=legal`}
                className="row-action"
                data-testid="legal-finance-transfer"
              >
                {t('action.transfer')}
              </Link>
              <Link
                to={`${DETAIL_PATH.legal}?currency_id=${row.currency}`}
                className="row-action"
                data-testid="legal-finance-record"
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
 * `/legalFinance`, the fiat account page of the older variant (document 2, section 2): per coin its deposit
 * address, withdraw and record, the record going to dealAccount. The spec names no route for it; the name
 * follows dealFinance and finance.
 */
export default function LegalFinancePage() {
  const wallets = useWalletList();
  return (
    <AssetsLayout testId="legal-finance-page">
      {wallets.isPending ? (
        <Loading />
      ) : wallets.isError ? (
        <LoadFailed error={wallets.error} onRetry={() => void wallets.refetch()} />
      ) : (
        <LegalFinance wallets={wallets.data} />
      )}
    </AssetsLayout>
  );
}
