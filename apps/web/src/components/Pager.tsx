import { useTranslation } from 'react-i18next';
import './pager.css';

/** Previous / next over numbered pages, with "page / last" between; nothing while there is one page. */
export function Pager({
  page,
  last,
  onPage,
  testIdPrefix,
}: {
  page: number;
  last: number;
  onPage: (page: number) => void;
  /** Test ids `<prefix>-prev` and `<prefix>-next` of the two buttons. */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  if (last <= 1) return null;
  const step = (to: number, disabled: boolean, name: 'prev' | 'next') => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={disabled}
      onClick={() => onPage(to)}
      data-testid={testIdPrefix && `${testIdPrefix}-${name}`}
    >
      {t(`pager.${name}`)}
    </button>
  );
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {step(page - 1, page <= 1, 'prev')}
      <span className="num secondary">
        {page} / {last}
      </span>
      {step(page + 1, page >= last, 'next')}
    </nav>
  );
}
