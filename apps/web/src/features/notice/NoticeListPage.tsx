import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { LoadFailed } from '../../components/LoadFailed';
import { LocalTime } from '../../components/LocalTime';
import { NOTICES_PER_PAGE, pageCount, pageItems, parsePage } from './pagination';
import './notice.css';

/** The help-centre list (news category 4), paged by `?page=` (document 1, section 2.4). */
export default function NoticeListPage() {
  const { t } = useTranslation('notice');
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const news = useNewsList(NEWS_CATEGORY.noticeList, page, NOTICES_PER_PAGE);
  const total = news.data?.count ?? 0;
  const pages = pageCount(total, NOTICES_PER_PAGE);
  const list = news.data?.list ?? [];

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="container ntc-page">
      <header className="ntc-head">
        <div>
          <h1>{t('list.title')}</h1>
          <p className="secondary">{t('list.subtitle')}</p>
        </div>
        {news.data && total > 0 && <span className="muted">{t('list.total', { count: total })}</span>}
      </header>
      <section className="panel ntc-list" data-testid="notice-list">
        {news.isPending ? (
          <ListSkeleton />
        ) : news.isError ? (
          <LoadFailed message={t('list.loadError')} onRetry={() => void news.refetch()} />
        ) : list.length === 0 ? (
          <div className="empty ntc-empty">{t('list.empty')}</div>
        ) : (
          <ul>
            {list.map((item) => (
              <li key={item.id}>
                <Link to={`/noticeDetail?id=${item.id}`} className="ntc-item" data-testid="notice-item">
                  <div className="ntc-item-main">
                    <h2>{item.title}</h2>
                    {item.abstract && <p>{item.abstract}</p>}
                  </div>
                  <LocalTime className="ntc-time num" value={item.update_time} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {pages > 1 && (
        <nav className="ntc-pager" aria-label={t('list.title')}>
          <button
            type="button"
            className="ntc-page-btn"
            disabled={page <= 1}
            aria-label={t('list.prev')}
            onClick={() => goTo(page - 1)}
          >
            ‹
          </button>
          {pageItems(page, pages).map((item, index) =>
            item === null ? (
              <span key={`gap-${index}`} className="ntc-gap">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={`ntc-page-btn${item === page ? ' active' : ''}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => goTo(item)}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            className="ntc-page-btn"
            disabled={page >= pages}
            aria-label={t('list.next')}
            onClick={() => goTo(page + 1)}
          >
            ›
          </button>
        </nav>
      )}
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <li key={index} className="ntc-skeleton">
          <span />
          <span />
        </li>
      ))}
    </ul>
  );
}
