import { Money } from '@exchange/kernel/ledger';
import type { Pair } from './pairs';
import type { PlacementRequest } from './placement-committer';

/** A good-till-cancelled limit order as it reaches the group commit, for tests below the HTTP layer. */
export const limitRequest = (
  pair: Pair,
  userId: number,
  side: 1 | 2,
  price: string,
  amount: string,
): PlacementRequest => ({
  userId,
  pair,
  side,
  kind: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: new Money(price),
  amount: new Money(amount),
});
