import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** One query client; answers the server refused are not retried (retrying a refusal changes nothing). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
    },
    mutations: { retry: false },
  },
});
