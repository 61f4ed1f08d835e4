import { useTranslation } from 'react-i18next';

/** Previous / next over a Laravel-style paginator (`current_page`, `last_page`). */
export function Pager({
  page,
  last,
  onPage,
}: {
  page: number;
  last: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('lever');
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label="pages">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.prev')}
      </button>
      <span className="num secondary">
        {page} / {last}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
