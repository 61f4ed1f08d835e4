import type { AdminOperator } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from './api';

/** The console's operators (admins only: the query is not even sent for another role). */
export const useOperators = (enabled = true) =>
  useQuery({ ...listQuery<AdminOperator[]>('operators', 'operators'), enabled });
