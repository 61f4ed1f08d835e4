import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DETAIL_PATH } from './assets';
import { AccountPage } from './AccountPage';

const IDS = { row: 'manger-row', available: 'manger-available', frozen: 'manger-frozen' };

/** Where the contract account's business is done: the lever screens and its record. */
const SHORTCUTS = [
  { to: '/leverdealCenter', key: 'pages.trade', testId: 'manger-trade' },
  { to: '/leverTransactions', key: 'pages.positions', testId: 'manger-positions' },
  { to: '/leverList', key: 'pages.orders', testId: 'manger-orders' },
  { to: '/finanrec', key: 'pages.financeRecord', testId: 'manger-finanrec' },
] as const;

/**
 * `/lever_manger` and `/manger`, the contract account's management page (document 2, section 2; document 3,
 * section 2). The original was a static placeholder; this shows the contract account as the server holds it,
 * transfer in and out per coin (the original's dialogs, as the contract pair's transfer page), and the ways
 * to its positions, orders and finance record.
 */
export default function ContractManagePage() {
  const { t } = useTranslation('assets');
  return (
    <AccountPage
      account="lever"
      pageTestId="manger-page"
      testId="manger"
      title={t('pages.mangerTitle')}
      ids={IDS}
      before={
        <nav className="panel manger-shortcuts" aria-label={t('pages.mangerTitle')}>
          {SHORTCUTS.map((item) => (
            <Link key={item.to} to={item.to} className="btn btn-ghost" data-testid={item.testId}>
              {t(item.key)}
            </Link>
          ))}
        </nav>
      }
      links={(row) => [
        {
          to: `/transferLever?id=${row.currency}`,
          label: t('pages.transferIn'),
          testId: 'manger-transfer-in',
        },
        {
          to: `/transferLever?id=${row.currency}&from=lever`,
          label: t('pages.transferOut'),
          testId: 'manger-transfer-out',
        },
        {
          to: `${DETAIL_PATH.lever}?currency_id=${row.currency}`,
          label: t('action.record'),
          testId: 'manger-record',
        },
      ]}
    />
  );
}
