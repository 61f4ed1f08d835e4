import { useTranslation } from 'react-i18next';

/** Previous / page n of m / next under a paged console list. */
export function Pager(props: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <div className="admin-actions admin-pager">
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t('person.prev')}
      </button>
      <span className="secondary">{t('person.pageOf', { page: props.page, pages })}</span>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        disabled={props.page >= pages}
        data-testid="admin-pager-next"
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('person.next')}
      </button>
    </div>
  );
}
