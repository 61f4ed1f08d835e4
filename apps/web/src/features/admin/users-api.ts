import type {
  AdminAcceptor,
  AdminAppealDetail,
  AdminLeverRow,
  AdminLogLine,
  AdminMicroRow,
  AdminPayment,
  AdminSeller,
  AdminSpotRow,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listQuery } from './api';

/** The console's reads of users, the payment channel and P2P parties (part A); changes use useAdminAction. */
export type RecordKind = 'logs' | 'spot' | 'lever' | 'micro';
export interface RecordRows {
  logs: AdminLogLine;
  spot: AdminSpotRow;
  lever: AdminLeverRow;
  micro: AdminMicroRow;
}
export interface Page<Row> {
  total: number;
  list: Row[];
}

export const RECORDS_PAGE_SIZE = 10;

export const useUserRecords = <Kind extends RecordKind>(id: number, kind: Kind, page: number) =>
  useQuery({
    ...listQuery<Page<RecordRows[Kind]>>('user-records', 'users/records', {
      id,
      kind,
      page,
      limit: RECORDS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

export const usePayments = (status: string, page: number) =>
  useQuery({
    ...listQuery<Page<AdminPayment>>('payments', 'payments', {
      status: status === '' ? undefined : status,
      page,
      limit: 20,
    }),
    placeholderData: keepPreviousData,
  });

export const useSellers = () =>
  useQuery({
    ...listQuery<Page<AdminSeller>>('sellers', 'sellers', { limit: 100 }),
    select: (page) => page.list,
  });
export const useAcceptors = () => useQuery(listQuery<AdminAcceptor[]>('acceptors', 'acceptors'));
export const useAppealDetail = (id: number | null) =>
  useQuery({
    ...listQuery<AdminAppealDetail>('appeal-detail', 'appeals/detail', { id: id ?? 0 }),
    enabled: id !== null,
  });
