import type { AdminOperator, AdminPoints } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from './api';

/** The console's operators (admins only: the query is not even sent for another role). */
export const useOperators = (enabled = true) =>
  useQuery({ ...listQuery<AdminOperator[]>('operators', 'operators'), enabled });

/** The points partner, and whether and why not the console may top up its accounts. */
export const usePoints = () => useQuery(listQuery<AdminPoints>('points', 'points', { q: '' }));
/** The sandbox partner's accounts matching `q` (an account, or the user bound to it). */
export const useSandboxAccounts = (q: string) =>
  useQuery({ ...listQuery<AdminPoints>('points', 'points', { q }), select: (points) => points.accounts });
