import { useTranslation } from 'react-i18next';
import { COIN_PAGE_PATH, DETAIL_PATH } from './assets';
import { AccountPage } from './AccountPage';

const IDS = {
  row: 'legal-finance-row',
  available: 'legal-finance-available',
  frozen: 'legal-finance-frozen',
};

/**
 * `/legalFinance`, the fiat account page of the older variant (document 2, section 2): per coin its deposit
 * address, withdraw and record, the record going to dealAccount. The spec names no route for it; the name
 * follows dealFinance and finance.
 */
export default function LegalFinancePage() {
  const { t } = useTranslation('assets');
  return (
    <AccountPage
      account="legal"
      pageTestId="legal-finance-page"
      testId="legal-finance"
      title={t('pages.legalTitle')}
      ids={IDS}
      hint={
        // Deposits and withdrawals book to the spot account; saying so keeps the actions below honest.
        <p className="assets-hint muted legal-finance-hint" data-testid="legal-finance-hint">
          {t('pages.throughSpot')}
        </p>
      }
      links={(row) => [
        {
          to: `${COIN_PAGE_PATH.deposit}?currency_id=${row.currency}`,
          label: t('pages.depositAddress'),
          testId: 'legal-finance-deposit',
        },
        {
          to: `${COIN_PAGE_PATH.withdraw}?currency_id=${row.currency}`,
          label: t('action.withdraw'),
          testId: 'legal-finance-withdraw',
        },
        {
          to: `/transferLegal?id=${row.currency}&from=legal`,
          label: t('action.transfer'),
          testId: 'legal-finance-transfer',
        },
        {
          to: `${DETAIL_PATH.legal}?currency_id=${row.currency}`,
          label: t('action.record'),
          testId: 'legal-finance-record',
        },
      ]}
    />
  );
}
