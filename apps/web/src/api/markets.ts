import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { toast } from '../lib/notify';
import { useToken } from '../lib/session';
import { useSocketEvent } from '../lib/socket';
import type { FavoriteToggleRequest, Quotation, QuotationGroup } from '@exchange/contracts';

export type { Quotation, QuotationGroup };

const quotationsKey = (token: string | null) => ['quotations', token !== null] as const;

/**
 * Every market with its live figures. The favourite flags depend on who asks, so the cache is per signed-in
 * state; `daymarket` pushes patch it in place, so lists and tiles move without refetching.
 */
export function useQuotations() {
  const token = useToken();
  const queryClient = useQueryClient();
  useSocketEvent('daymarket', (push) => {
    queryClient.setQueriesData<QuotationGroup[]>({ queryKey: ['quotations'] }, (groups) =>
      groups?.map((group) => ({
        ...group,
        quotation: group.quotation.map((pair) =>
          pair.match_id === push.match_id
            ? {
                ...pair,
                now_price: push.now_price,
                change: push.change,
                volume: push.volume,
                high: push.high,
                low: push.low,
              }
            : pair,
        ),
      })),
    );
  });
  return useQuery({
    queryKey: quotationsKey(token),
    queryFn: () => api.get<QuotationGroup[]>('/api/currency/quotation_new'),
    refetchInterval: 30_000,
  });
}

/** The agreed link that opens a pair on the exchange screen. */
export function exchangeLink(pair: Pick<Quotation, 'legal_id' | 'currency_id'>): string {
  return `/dealCenter?legal_id=${pair.legal_id}&currency_id=${pair.currency_id}`;
}

/** Adds or removes a favourite pair (`POST /api/currency/optional`); signed-in users only. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (matchId: number) =>
      api.post<string>('/api/currency/optional', { match_id: matchId } satisfies FavoriteToggleRequest),
    onSuccess: async (message) => {
      toast(message, 'success');
      await queryClient.invalidateQueries({ queryKey: ['quotations'] });
    },
  });
}

export function findQuotation(groups: QuotationGroup[] | undefined, legalId: number, currencyId: number) {
  for (const group of groups ?? []) {
    const pair = group.quotation.find((item) => item.legal_id === legalId && item.currency_id === currencyId);
    if (pair) return pair;
  }
  return undefined;
}
