import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/States';
import { AccountLogTable } from './AccountLogTable';
import { useWalletList } from './api';
import { AssetsSummary } from './AssetsSummary';
import { LeverBalances } from './LeverBalances';
import { MicroBalances } from './MicroBalances';
import { SpotBalances } from './SpotBalances';
import './account.css';
import './i18n';

export type AssetsTab = 'overview' | 'lever' | 'micro' | 'log';
type AccountTab = 'change' | 'lever' | 'micro';

/** Spot balances and totals, or the lever or options account's; refreshed every 10 s by the query. */
function Overview({ account }: { account: AccountTab }) {
  const { t } = useTranslation('account');
  const wallets = useWalletList();
  const [hidden, setHidden] = useState(false);
  if (wallets.isPending) return <Spinner />;
  if (wallets.isError) return <div className="panel empty">{wallets.error.message || t('loadFailed')}</div>;
  return (
    <>
      <AssetsSummary
        wallets={wallets.data}
        account={account}
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
      />
      {account === 'lever' ? (
        <LeverBalances balances={wallets.data.lever_wallet.balance} hidden={hidden} />
      ) : account === 'micro' ? (
        <MicroBalances wallet={wallets.data.micro_wallet} hidden={hidden} />
      ) : (
        <SpotBalances balances={wallets.data.change_wallet.balance} hidden={hidden} />
      )}
    </>
  );
}

/**
 * The account centre (/dealFinance, document 1, section 2.9): totals and the spot balances, or the account log
 * (`tab=log`), the lever account (`tab=lever`) and the options account (`tab=micro`, document 3).
 */
export default function AssetsPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const requested = params.get('tab');
  const tab: AssetsTab =
    requested === 'log' || requested === 'lever' || requested === 'micro' ? requested : 'overview';
  const tabs: { key: AssetsTab; to: string; label: string }[] = [
    { key: 'overview', to: '/dealFinance', label: t('assets.overview') },
    { key: 'lever', to: '/dealFinance?tab=lever', label: t('assets.leverAccount') },
    { key: 'micro', to: '/dealFinance?tab=micro', label: t('micro.tab') },
    { key: 'log', to: '/dealFinance?tab=log', label: t('log.title') },
  ];

  return (
    <div className="container assets-page" data-testid="assets-page">
      <header className="assets-header">
        <h1>{t('assets.title')}</h1>
        <nav className="tabs assets-tabs">
          {tabs.map((item) => (
            <Link
              key={item.key}
              to={item.to}
              className={`tab${tab === item.key ? ' active' : ''}`}
              aria-current={tab === item.key ? 'page' : undefined}
              data-testid={`assets-tab-${item.key}`}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <div className="account-stack">
        {tab === 'log' ? <AccountLogTable /> : <Overview account={tab === 'overview' ? 'change' : tab} />}
      </div>
    </div>
  );
}
