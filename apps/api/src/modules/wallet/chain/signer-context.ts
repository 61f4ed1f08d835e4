import type { PrivateKeyAccount } from 'viem/accounts';
import type { EvmNetwork, EvmSigner } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import type { NetworkName } from '../addresses';
import { checkEvmNetwork, createEvmClient, type EvmClient } from './evm';
import { loadHotAccount } from './hot-key';
import { hotAssets, type HotAsset } from './signer-assets';
import { registerHotWallet } from './signer-wallet';

/** The network the EVM signer pays on (the deposit addresses' network name). */
export const SIGNER_NETWORK: NetworkName = 'evm';

/**
 * Named points of a round where a test stops the signer dead (kill -9) to prove that a crash there pays
 * once: `recorded` just after a signed transaction is stored and before it is broadcast, `broadcast` just
 * after the node accepted it and before that is stored.
 */
export type SignerPoint = 'recorded' | 'broadcast';

/** Everything a signer round needs: the node, the hot wallet's account and what it pays. */
export interface SignerContext {
  prisma: Db;
  client: EvmClient;
  chainId: number;
  account: PrivateKeyAccount;
  assets: HotAsset[];
  stuckBlocks: number;
  maxFeePerGasWei: bigint;
  log: (fields: object, message: string) => void;
  at?: (point: SignerPoint) => void | Promise<void>;
}

export interface SignerDeps {
  prisma: Db;
  network: EvmNetwork;
  signer: EvmSigner;
  /** Production refuses a key file other users may read. */
  production: boolean;
  log: (fields: object, message: string) => void;
  at?: SignerContext['at'];
  client?: EvmClient;
}

/**
 * Opens the signer: checks the node's chain and the tokens' contracts, loads the hot key and records the
 * hot wallet (its first nonce from the chain). The key stays in this process's memory only.
 */
export async function openSigner(deps: SignerDeps): Promise<SignerContext> {
  const client = deps.client ?? createEvmClient(deps.network);
  const decimals = await checkEvmNetwork(client, deps.network);
  const context: SignerContext = {
    prisma: deps.prisma,
    client,
    chainId: deps.network.chainId,
    account: await loadHotAccount(deps.signer.key, deps.production),
    assets: hotAssets(deps.network, decimals),
    stuckBlocks: deps.signer.stuckBlocks,
    maxFeePerGasWei: deps.signer.maxFeePerGasWei,
    log: deps.log,
    ...(deps.at ? { at: deps.at } : {}),
  };
  await registerHotWallet(context);
  return context;
}

/** A reader of the network (no key): its client and the currencies the signer pays there (ops commands). */
export async function openEvmReader(network: EvmNetwork): Promise<{ client: EvmClient; assets: HotAsset[] }> {
  const client = createEvmClient(network);
  return { client, assets: hotAssets(network, await checkEvmNetwork(client, network)) };
}

export const assetOf = (context: Pick<SignerContext, 'assets'>, currency: string) =>
  context.assets.find((asset) => asset.currency === currency);

/** The chain's own coin: it pays every transaction's gas. */
export const nativeAsset = (context: Pick<SignerContext, 'assets'>) =>
  context.assets.find((asset) => asset.contract === null)!;
