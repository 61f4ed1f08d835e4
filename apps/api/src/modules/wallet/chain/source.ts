import type { Money } from '@exchange/kernel/ledger';
import type { NetworkName } from '../addresses';

/**
 * What a chain watcher needs from a chain, whatever its family: heights and hashes to follow it and notice a
 * reorganisation, and the payments each block made. The EVM source (evm-source.ts) reads a JSON-RPC node; a
 * Bitcoin Core source would answer the same from `getblockcount`, `getblockhash` and `getblock` (verbosity
 * 2), a payment per transaction output (`index` its vout) to a watched address.
 */
export interface ChainSource {
  network: NetworkName;
  /** The chain the node is on (EVM chain id, or Bitcoin's `main`/`test`…): a cursor of another chain refuses. */
  chainId: string;
  /** Blocks (the payment's own included) before a payment in each currency (by name) is credited. */
  confirmations: Record<string, number>;
  /** The highest block the node has. */
  headHeight(): Promise<number>;
  /** The hash of the block at a height now, or null above the head. */
  hashAt(height: number): Promise<string | null>;
  /** The block at a height now, with every payment it made, or null above the head. */
  block(height: number): Promise<SourceBlock | null>;
  /** Whether a payment's transaction took effect (an EVM transaction can revert yet carry value). */
  took(payment: Payment): Promise<boolean>;
}

export interface SourceBlock {
  height: number;
  hash: string;
  parentHash: string;
  payments: Payment[];
}

/** A payment to an address: once per (tx hash, index) on a chain; index -1 is an EVM transaction's own value. */
export interface Payment {
  txHash: string;
  index: number;
  from: string;
  /** In the network's canonical spelling, as deposit addresses are stored (EIP-55 for EVM). */
  to: string;
  currency: string;
  /** Exactly what the chain moved, in whole coins. */
  amount: Money;
}
