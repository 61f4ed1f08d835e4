import { getAddress, isAddress } from 'viem';
import type { Config } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import { openEvmReader, reconcileDeposits, reconcileWithdrawals, sweepPlan } from '../modules/wallet';
import { textOptions } from './options';

const evmOf = (config: Config) => {
  if (!config.EVM) throw new Error('no EVM network is configured (EVM_RPC_URL, EVM_CHAIN_ID)');
  return config.EVM;
};

/** The EVM network's deposits and withdrawals reconciled with its chain, or null when none is configured. */
export async function opsReconcileChain(prisma: Db, config: Config) {
  if (!config.EVM) return null;
  const { client, assets } = await openEvmReader(config.EVM);
  return {
    deposits: await reconcileDeposits(prisma, client, assets),
    withdrawals: await reconcileWithdrawals(prisma, client),
  };
}

/**
 * `chain:sweep-plan [--to 0x…] [--limit N]`: each EVM deposit address with its derivation index and
 * balances, and the unsigned transactions that sweep it to the cold wallet named (or the hot wallet).
 */
export async function opsSweepPlan(prisma: Db, args: string[], config: Config) {
  const network = evmOf(config);
  const { to, limit } = textOptions(args, {
    required: [],
    optional: ['to', 'limit'],
    usage: 'chain:sweep-plan [--to 0x… (the cold wallet; default the hot wallet)] [--limit 1000]',
  });
  if (to !== undefined && !isAddress(to)) throw new Error('--to is not an EVM address (EIP-55 checksum)');
  if (limit !== undefined && !/^[1-9]\d{0,5}$/.test(limit))
    throw new Error('--limit takes a whole number 1-999999');
  const { client, assets } = await openEvmReader(network);
  return sweepPlan(prisma, client, {
    chainId: network.chainId,
    assets,
    ...(to ? { to: getAddress(to) } : {}),
    ...(limit ? { limit: Number(limit) } : {}),
  });
}
