import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon } from '../../components/icons';
import { formatFixed } from '../../lib/format';
import type { WalletList } from '@exchange/contracts';
import { CNY_DECIMALS, TOTAL_DECIMALS, WALLET_GROUP, type Account } from './assets';

/** Where each account's "trade" button leads. */
const TRADE_PATH: Record<Account, string> = {
  change: '/dealCenter',
  lever: '/leverdealCenter',
  legal: '/c2c',
  micro: '/secondsOrder',
};

/** An account's estimated total in USDT (4 decimals) and CNY (2), as the server sums it. */
export function AccountSummary({
  wallets,
  account,
  hidden,
  onToggleHidden,
}: {
  wallets: WalletList;
  account: Account;
  hidden: boolean;
  onToggleHidden: () => void;
}) {
  const { t } = useTranslation('assets');
  const group = wallets[WALLET_GROUP[account]];
  return (
    <section className="panel assets-summary" data-testid="assets-summary">
      <div className="assets-summary-main">
        <div className="assets-summary-label">
          <span className="secondary">{t('summary.estimated', { account: t(`accounts.${account}`) })}</span>
          <button
            type="button"
            className="assets-eye"
            onClick={onToggleHidden}
            aria-pressed={hidden}
            aria-label={hidden ? t('summary.show') : t('summary.hide')}
            title={hidden ? t('summary.show') : t('summary.hide')}
            data-testid="assets-toggle-amounts"
          >
            <EyeIcon crossed={hidden} size={16} />
          </button>
        </div>
        <div className="assets-total" data-testid="assets-total-usdt">
          <span className="num">{hidden ? '******' : formatFixed(group.usdt_totle, TOTAL_DECIMALS)}</span>
          <span className="assets-unit">USDT</span>
        </div>
        <div className="secondary num" data-testid="assets-total-cny">
          ≈ {hidden ? '******' : `¥${formatFixed(group.CNY, CNY_DECIMALS)}`} CNY
        </div>
      </div>
      <div className="assets-summary-actions">
        <Link to="/transfer" className="btn btn-ghost">
          {t('nav.transfer')}
        </Link>
        <Link to={TRADE_PATH[account]} className="btn btn-primary">
          {t('action.trade')}
        </Link>
      </div>
    </section>
  );
}
