import {
  createPublicClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  parseAbiItem,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
} from 'viem';
import type { EvmNetwork } from '@exchange/kernel/config';

/**
 * The EVM chain over JSON-RPC, through viem: typed requests, ABI decoding of ERC-20 logs and (for the
 * signer) transaction signing in one maintained library. Only reads here; no key ever passes through.
 */
export type EvmClient = PublicClient;

/** A bounded wait per call: a node that hangs must not hold the watcher's loop forever. */
const RPC_TIMEOUT_MS = 15_000;

/** The configured network as viem's chain (its id is what signed transactions commit to). */
export function evmChain(network: Pick<EvmNetwork, 'rpcUrl' | 'chainId'>): Chain {
  return defineChain({
    id: network.chainId,
    name: `evm-${network.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  });
}

export function createEvmClient(network: Pick<EvmNetwork, 'rpcUrl' | 'chainId'>): EvmClient {
  return createPublicClient({
    chain: evmChain(network),
    transport: http(network.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 2 }),
  });
}

/** Each configured token's decimals, as its contract answers them. */
export type TokenDecimals = Map<Address, number>;

/**
 * Refuses a node on another chain than configured, and a token address where no contract answers as an
 * ERC-20 (a typo would otherwise watch nothing, silently). Answers each token's decimals.
 */
export async function checkEvmNetwork(client: EvmClient, network: EvmNetwork): Promise<TokenDecimals> {
  const chainId = await client.getChainId();
  if (chainId !== network.chainId)
    throw new Error(`the node at EVM_RPC_URL is on chain ${chainId}, EVM_CHAIN_ID says ${network.chainId}`);
  const decimals: TokenDecimals = new Map();
  for (const token of network.tokens) {
    if (!token.contract) continue;
    const code = await client.getCode({ address: token.contract });
    if (!code || code === '0x')
      throw new Error(`no contract at ${token.contract} (the ${token.currency} token) on chain ${chainId}`);
    const places = await client.readContract({
      address: token.contract,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    decimals.set(token.contract, places);
  }
  return decimals;
}

/** A block as the watcher needs it: where it sits in the chain and the native coin it moved. */
export interface EvmBlock {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
  /** Top-level transactions that carry value to an address (contract creations carry none to anyone). */
  valueTransfers: { txHash: Hash; from: Address; to: Address; value: bigint }[];
}

/** The block at a height now, or null above the head. */
export async function readBlock(client: EvmClient, number: bigint): Promise<EvmBlock | null> {
  const block = await client.getBlock({ blockNumber: number, includeTransactions: true }).catch((error) => {
    if ((error as Error).name === 'BlockNotFoundError') return null;
    throw error;
  });
  if (!block?.hash || block.number === null) return null;
  return {
    number: block.number,
    hash: block.hash,
    parentHash: block.parentHash,
    valueTransfers: block.transactions
      .filter((tx) => tx.to && tx.value > 0n)
      .map((tx) => ({ txHash: tx.hash, from: getAddress(tx.from), to: getAddress(tx.to!), value: tx.value })),
  };
}

/** A transaction that reverted moved nothing, whatever value it carried. */
export async function succeeded(client: EvmClient, txHash: Hash): Promise<boolean> {
  const receipt = await client.getTransactionReceipt({ hash: txHash });
  return receipt.status === 'success';
}

const TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface TokenTransfer {
  contract: Address;
  txHash: Hash;
  logIndex: number;
  from: Address;
  to: Address;
  value: bigint;
}

/**
 * The ERC-20 `Transfer` logs of the given contracts in one block, asked by the block's HASH (EIP-234): the
 * logs of exactly the block the watcher read, never of another block that replaced it at that height.
 * Reverted transactions leave no logs.
 */
export async function readTokenTransfers(
  client: EvmClient,
  blockHash: Hash,
  contracts: Address[],
): Promise<TokenTransfer[]> {
  if (contracts.length === 0) return [];
  // strict: a log that does not decode as this event (another contract's three-topic Transfer) is left out.
  const logs = await client.getLogs({ blockHash, address: contracts, event: TRANSFER_EVENT, strict: true });
  return logs.map((log) => ({
    contract: getAddress(log.address),
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    from: getAddress(log.args.from),
    to: getAddress(log.args.to),
    value: log.args.value,
  }));
}
