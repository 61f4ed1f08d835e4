import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatFixed } from '../../lib/format';
import { useWalletList } from '../../api/wallet';
import { ACCOUNTS, LIST_PATH, TOTAL_DECIMALS, TRANSFER_PAIRS, WALLET_GROUP } from './assets';
import './assets.css';

const RECORD_LINKS = [
  { to: '/transferRecord', key: 'nav.transferRecord' },
  { to: '/coinRecord', key: 'nav.coinRecord' },
  { to: '/withdraw_address', key: 'nav.withdrawAddress' },
] as const;

/**
 * The assets container (document 2, section 2): a left navigation with the total of all four accounts and each
 * account's (in USDT, at the markets' live prices), and the transfer entry; the chosen screen on the right.
 */
export function AssetsLayout({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation('assets');
  const { pathname } = useLocation();
  const wallets = useWalletList();
  const onTransfer = pathname in TRANSFER_PAIRS;

  return (
    <div className="container assets-page" data-testid="assets-page">
      <div className="assets-layout">
        <nav className="panel assets-nav" aria-label={t('title')}>
          <div className="assets-nav-title">{t('title')}</div>
          <div className="assets-nav-item assets-nav-grand" data-testid="assets-total-assets">
            <span className="secondary">{t('nav.totalAssets')}</span>
            <span className="num">
              {wallets.data ? `≈ ${formatFixed(wallets.data.total_assets, TOTAL_DECIMALS)} USDT` : '--'}
            </span>
          </div>
          {ACCOUNTS.map((account) => {
            const total = wallets.data?.[WALLET_GROUP[account]].usdt_totle;
            const active = pathname === LIST_PATH[account];
            return (
              <Link
                key={account}
                to={LIST_PATH[account]}
                className={`assets-nav-item${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`assets-nav-${account}`}
              >
                <span>{t(`accounts.${account}`)}</span>
                <span className="assets-nav-total num" data-testid={`assets-nav-total-${account}`}>
                  {total === undefined ? '--' : `${formatFixed(total, TOTAL_DECIMALS)} USDT`}
                </span>
              </Link>
            );
          })}
          <Link
            to="/transfer"
            className={`assets-nav-item${onTransfer ? ' active' : ''}`}
            aria-current={onTransfer ? 'page' : undefined}
            data-testid="assets-nav-transfer"
          >
            <span>{t('nav.transfer')}</span>
          </Link>
          <div className="assets-nav-divider" />
          {RECORD_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={`assets-nav-item assets-nav-minor${pathname === link.to ? ' active' : ''}`}
            >
              {t(link.key)}
            </Link>
          ))}
        </nav>
        <main className="assets-main" data-testid={testId}>
          {children}
        </main>
      </div>
    </div>
  );
}
