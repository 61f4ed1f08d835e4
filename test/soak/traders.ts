import type { Answer, SoakClient } from './client';
import type { Acknowledged } from './record';

/** The soak's traders: who they are, and what each has going on that a later step may act on. */
export interface Trader {
  id: number;
  account: string;
  token: string;
  random: () => number;
  /** Spot orders acknowledged and maybe still open. */
  spotOrders: string[];
  /**
   * Per P2P market: orders this trader took and has not paid or cancelled yet (with the ad owner who
   * confirms them), and ads it published and may withdraw.
   */
  p2p: Record<P2pKind, { taken: { id: number; owner: number | undefined }[]; ads: number[] }>;
}

/** The ids the workload trades with, read from the exchange at the start. */
export interface Market {
  usdt: number;
  btc: number;
  /** The BTC/USDT pair: spot, lever and seconds contracts all trade it. */
  pairId: number;
  leverMultiples: number[];
  leverShares: number[];
  microSeconds: number;
  /** The insurance of seconds contracts, bought and paid out in HAP. */
  hap: number;
  insuranceTypeId: number;
}

/** The two P2P markets: c2c ads between users, and approved sellers' shops. */
export type P2pKind = 'c2c' | 'shop';

export const TRADE_PASSWORD = '135790';

export interface World {
  client: SoakClient;
  acks: Acknowledged;
  market: Market;
  /** P2P orders paid and waiting for their ad owner's confirmation, by owner id. */
  paidForOwner: Map<number, { id: number; kind: P2pKind }[]>;
  /** Traders the operator approved as shop sellers. */
  shopSellers: Set<number>;
  /** The acceptor the operator made of one trader. */
  acceptor?: { id: number; userId: number };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
export const between = (random: () => number, low: number, high: number, decimals = 0) =>
  (low + random() * (high - low)).toFixed(decimals);

/**
 * The same request 2 to 4 times at the same moment, as a double click or a retrying client sends it; each
 * answer is handled as its own. Funds asked for twice must be granted at most once.
 */
export async function burst(trader: Trader, send: () => Promise<Answer>): Promise<Answer[]> {
  const copies = trader.random() < 0.25 ? 2 + Math.floor(trader.random() * 3) : 1;
  return Promise.all(Array.from({ length: copies }, send));
}
