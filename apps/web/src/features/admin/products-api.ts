import { useQuery } from '@tanstack/react-query';
import type {
  AdminBanner,
  AdminInsuranceType,
  AdminPairSettings,
  AdminSavingsPlan,
  AdminSecondsOption,
  AdminSetting,
  AdminUploadedImage,
} from '@exchange/contracts';
import type { NewsDetail } from '@exchange/contracts';
import i18n from '../../i18n';
import { api } from '../../lib/api';
import { adminApi, AdminError, readToken } from './api';

/** How a lever pair's mark is built and the house's open-interest caps, as the lever save takes them. */
export { LEVER_RISK_OPTIONS as LEVER_MARK_FIELDS } from '@exchange/contracts/constants';

export type {
  AdminBanner,
  AdminInsuranceType,
  AdminPairSettings,
  AdminSavingsPlan,
  AdminSecondsOption,
  AdminSetting,
} from '@exchange/contracts';

/** The console's markets-and-products, settings and banner reads (`/api/admin/products/*`). */
const read = <T>(key: string, path: string, params: Record<string, string> = {}) => ({
  queryKey: ['admin', 'products', key, params],
  queryFn: () => adminApi.get<T>(`products/${path}`, params),
  retry: false,
});

export const usePairSettings = () => useQuery(read<AdminPairSettings[]>('pairs', 'pairs'));
export const useSecondsOptions = () => useQuery(read<AdminSecondsOption[]>('seconds', 'seconds'));
export const useSavingsPlans = () => useQuery(read<AdminSavingsPlan[]>('savings', 'savings'));
export const useInsuranceTypes = () => useQuery(read<AdminInsuranceType[]>('insurance', 'insurance'));
export const useSettings = () => useQuery(read<AdminSetting[]>('settings', 'settings'));
export const useBanners = (lang: string) =>
  useQuery(read<AdminBanner[]>('banners', 'banners', lang ? { lang } : {}));

/** Sends one image as multipart with the operator's token; answers the URL it is served from. */
export async function uploadBannerImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { lang: i18n.language };
  const token = readToken();
  if (token) headers.Authorization = token;
  const response = await fetch('/api/admin/products/banners/upload', { method: 'POST', headers, body });
  const answer = (await response.json()) as { type: string; message: unknown };
  if (answer.type === 'ok') return (answer.message as AdminUploadedImage).url;
  throw new AdminError(answer.type, typeof answer.message === 'string' ? answer.message : answer.type);
}

/** A notice's full text (the admin list omits bodies), read through the public detail call. */
export const noticeDetail = (id: number) => api.post<NewsDetail>('/api/news/detail', { id });
