import { useQuery } from '@tanstack/react-query';
import type { NewsList, NewsListRequest } from '@exchange/contracts';
import { api } from '../lib/api';

/** News categories by c_id (document 1, section 2.4). */
export const NEWS_CATEGORY = {
  headerNotices: 11,
  noticeList: 4,
  banners: 5,
  footerAbout: 29,
  footerSupport: 30,
  latestNotice: 10,
} as const;

export function useNewsList(categoryId: number, page = 1, limit = 15) {
  return useQuery({
    queryKey: ['news', 'list', categoryId, page, limit],
    queryFn: () =>
      api.post<NewsList>('/api/news/list', { c_id: categoryId, page, limit } satisfies NewsListRequest),
    staleTime: 60_000,
  });
}
