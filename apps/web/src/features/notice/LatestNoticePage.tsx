import { useTranslation } from 'react-i18next';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/States';
import { NoticeArticle, NoticeFrame } from './NoticeDetailPage';
import './notice.css';

/** `/latestNotice` (document 2, "Notices"): the newest item of the latest-notice category (c_id 10). */
export default function LatestNoticePage() {
  const { t } = useTranslation('notice');
  const latest = useNewsList(NEWS_CATEGORY.latestNotice, 1, 1);
  const id = latest.data?.list[0]?.id ?? 0;

  let body;
  if (latest.isPending) body = <Spinner />;
  else if (latest.isError)
    body = <LoadFailed message={t('common:networkError')} onRetry={() => void latest.refetch()} />;
  else if (id === 0)
    body = (
      <div className="empty" data-testid="latest-notice-empty">
        {t('latest.empty')}
      </div>
    );
  else body = <NoticeArticle id={id} />;
  return <NoticeFrame currentId={id}>{body}</NoticeFrame>;
}
