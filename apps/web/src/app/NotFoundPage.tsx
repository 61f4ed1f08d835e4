import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="empty">
      <p>{t('pageNotFound')}</p>
      <Link className="btn btn-primary" to="/">
        {t('backHome')}
      </Link>
    </div>
  );
}
