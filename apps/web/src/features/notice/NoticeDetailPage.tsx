import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/States';
import { LocalTime } from '../../components/LocalTime';
import { ApiError } from '../../lib/api';
import { formatZonedTime, isoOf } from '../../lib/time';
import { useNoticeDetail } from './api';
import { sanitizeHtml } from './sanitize';
import './notice.css';

const SIDEBAR_NOTICES = 6;

/** One notice's article: title, update time, abstract and the operator's HTML (document 1, section 2.4). */
export function NoticeArticle({ id }: { id: number }) {
  const { t } = useTranslation('notice');
  const detail = useNoticeDetail(id);
  const notice = detail.data;

  let body;
  if (id <= 0 || detail.error instanceof ApiError) {
    body = <div className="empty">{t('detail.notFound')}</div>;
  } else if (detail.isError) {
    body = <LoadFailed message={t('common:networkError')} onRetry={() => void detail.refetch()} />;
  } else if (detail.isPending) {
    body = <Spinner />;
  } else if (notice) {
    body = (
      <>
        <header className="ntc-article-head">
          <h1 data-testid="notice-title">{notice.title}</h1>
          <time className="muted num" dateTime={isoOf(notice.update_time)}>
            {t('detail.updated', { time: formatZonedTime(notice.update_time) })}
          </time>
        </header>
        {notice.abstract && <p className="ntc-abstract">{notice.abstract}</p>}
        <div className="ntc-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.content) }} />
      </>
    );
  }
  return body;
}

/** A notice screen: the way back to the list, the article, and the latest notices beside it. */
export function NoticeFrame({ currentId, children }: { currentId: number; children: ReactNode }) {
  const { t } = useTranslation('notice');
  return (
    <div className="container ntc-page">
      <Link to="/noticeList" className="ntc-back">
        ‹ {t('detail.back')}
      </Link>
      <div className="ntc-detail-grid">
        <article className="panel ntc-article" data-testid="notice-detail">
          {children}
        </article>
        <LatestNotices currentId={currentId} />
      </div>
    </div>
  );
}

/** One notice by `?id=`. */
export default function NoticeDetailPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw.trim()) ? Number(raw) : 0;
  return (
    <NoticeFrame currentId={id}>
      <NoticeArticle id={id} />
    </NoticeFrame>
  );
}

function LatestNotices({ currentId }: { currentId: number }) {
  const { t } = useTranslation('notice');
  const news = useNewsList(NEWS_CATEGORY.noticeList, 1, SIDEBAR_NOTICES);
  const list = news.data?.list ?? [];
  if (list.length === 0) return <aside />;
  return (
    <aside className="panel ntc-aside">
      <div className="panel-header">{t('detail.latest')}</div>
      <ul>
        {list.map((item) => (
          <li key={item.id}>
            <Link
              to={`/noticeDetail?id=${item.id}`}
              className={item.id === currentId ? 'active' : undefined}
              aria-current={item.id === currentId ? 'page' : undefined}
            >
              <span>{item.title}</span>
              <LocalTime className="muted num" value={item.update_time} style="date" />
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
