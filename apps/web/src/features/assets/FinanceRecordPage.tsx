import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountLogTable } from './AccountLogTable';
import { LIST_PATH } from './assets';
import { AssetsLayout } from './AssetsLayout';

/**
 * `/finanrec`, the contract account's finance record (document 2, section 2; document 3, section 2). The
 * original showed a static sample; this is the contract (lever) account's real log, every coin, newest first.
 */
export default function FinanceRecordPage() {
  const { t } = useTranslation('assets');
  return (
    <AssetsLayout testId="finanrec-page">
      <Link to="/lever_manger" className="btn-link assets-back">
        ← {t('pages.mangerTitle')}
      </Link>
      <p className="assets-hint muted">{t('pages.finanrecHint')}</p>
      <AccountLogTable account="lever" title={t('pages.finanrecTitle')} />
      <Link to={LIST_PATH.lever} className="btn-link">
        {t('accounts.lever')} →
      </Link>
    </AssetsLayout>
  );
}
