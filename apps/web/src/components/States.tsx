import { useTranslation } from 'react-i18next';

export function Spinner() {
  return (
    <div className="centered">
      <div className="spinner" aria-label="loading" />
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <div className="empty">{text ?? t('noData')}</div>;
}
