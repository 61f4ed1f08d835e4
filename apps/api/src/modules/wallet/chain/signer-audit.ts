import { decodeEventLog, erc20Abi, getAddress, type Address, type Hash } from 'viem';
import type { ChainTransfer, Db } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { WITHDRAWAL_STATUS } from '../withdraw';
import type { EvmClient } from './evm';
import { toCoins, toUnits } from './signer-assets';
import { SIGNER_NETWORK } from './signer-context';
import { SIGNER_STATE, TRANSFER_KIND, TRANSFER_STATE } from './signer-states';

/** The withdrawal side of a network's reconciliation with its chain (`npm run ops -- audit`). */
export interface WithdrawalReconciliation {
  network: string;
  /** Per currency: what completed signer withdrawals sent (their `real_number`) and what the chain shows. */
  totals: Record<string, { withdrawals: string; on_chain: string }>;
  transfers: number;
  problems: string[];
  /** Worth an operator's look, not wrong: the hot key used outside the signer. */
  notes: string[];
}

interface RecordedAsset {
  currency: string;
  contract: Address | null;
  decimals: number;
}

/** What the chain says a confirmed payment moved from the hot wallet to its recipient, in base units. */
async function paidOnChain(
  client: EvmClient,
  transfer: ChainTransfer,
  asset: RecordedAsset,
): Promise<bigint | string> {
  const hash = transfer.tx_hash as Hash;
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (!receipt) return 'is in no block of the chain';
  if (receipt.status !== 'success') return 'reverted on chain';
  if (getAddress(receipt.from) !== getAddress(transfer.from_address)) return `was sent by ${receipt.from}`;
  const recipient = getAddress(transfer.recipient);
  if (!asset.contract) {
    const sent = await client.getTransaction({ hash });
    return sent.to && getAddress(sent.to) === recipient ? sent.value : `paid ${sent.to ?? 'nobody'}`;
  }
  let units = 0n;
  for (const log of receipt.logs) {
    if (getAddress(log.address) !== asset.contract) continue;
    try {
      const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
      if (
        event.eventName === 'Transfer' &&
        getAddress(event.args.from) === getAddress(transfer.from_address) &&
        getAddress(event.args.to) === recipient
      )
        units += event.args.value;
    } catch {
      // another event of the token (Approval)
    }
  }
  return units;
}

/**
 * Reconciles the withdrawals the signer paid with the chain: every completed one has exactly one confirmed
 * payment, which the chain shows moving exactly its amount from the hot wallet to its address; no payment
 * is confirmed for a withdrawal that is not completed; and per currency, what completed withdrawals sent
 * equals what the hot wallet's recorded payments moved on chain. (The deposit side is the watcher's.)
 */
export async function reconcileWithdrawals(prisma: Db, client: EvmClient): Promise<WithdrawalReconciliation> {
  const problems: string[] = [];
  const notes: string[] = [];
  const wallets = await prisma.chainHotWallet.findMany({ where: { network: SIGNER_NETWORK } });
  const assets = new Map<string, RecordedAsset>();
  for (const wallet of wallets)
    for (const asset of wallet.assets as unknown as RecordedAsset[]) assets.set(asset.currency, asset);
  const signed = await prisma.chainWithdrawal.findMany({
    where: { network: SIGNER_NETWORK },
    include: {
      withdrawal: { include: { currency: { select: { name: true } } } },
      transfers: { where: { kind: TRANSFER_KIND.payment, state: TRANSFER_STATE.confirmed } },
    },
  });
  const totals: WithdrawalReconciliation['totals'] = {};
  const sums = new Map<string, { withdrawals: Money; onChain: Money }>();
  const sumOf = (currency: string) => {
    const sum = sums.get(currency) ?? { withdrawals: new Money(0), onChain: new Money(0) };
    sums.set(currency, sum);
    return sum;
  };
  let transfers = 0;
  for (const row of signed) {
    const { withdrawal } = row;
    const name = `withdrawal ${withdrawal.id} (${withdrawal.currency.name})`;
    const completed = row.state === SIGNER_STATE.completed;
    if (completed !== (withdrawal.status === WITHDRAWAL_STATUS.done))
      problems.push(`${name}: signer state ${row.state} but withdrawal status ${withdrawal.status}`);
    if (row.state === SIGNER_STATE.refunded && withdrawal.status !== WITHDRAWAL_STATUS.failed)
      problems.push(`${name}: refunded by the signer's rules but withdrawal status ${withdrawal.status}`);
    if (!completed) {
      if (row.transfers.length > 0)
        problems.push(`${name}: a confirmed payment ${row.transfers[0]!.tx_hash} but not completed`);
      continue;
    }
    if (row.transfers.length !== 1) {
      problems.push(`${name}: completed with ${row.transfers.length} confirmed payments`);
      continue;
    }
    const transfer = row.transfers[0]!;
    transfers += 1;
    if (withdrawal.txid !== transfer.tx_hash)
      problems.push(`${name}: txid ${withdrawal.txid}, confirmed payment ${transfer.tx_hash}`);
    const asset = assets.get(withdrawal.currency.name);
    if (!asset) {
      problems.push(`${name}: no hot wallet records its currency`);
      continue;
    }
    const owed = toUnits(withdrawal.real_number.toFixed(), asset.decimals);
    const onChain = await paidOnChain(client, transfer, asset);
    if (typeof onChain === 'string') problems.push(`${name}: payment ${transfer.tx_hash} ${onChain}`);
    else if (onChain !== owed)
      problems.push(
        `${name}: owed ${toCoins(owed, asset.decimals)}, the chain shows ${toCoins(onChain, asset.decimals)} paid by ${transfer.tx_hash}`,
      );
    const sum = sumOf(withdrawal.currency.name);
    sum.withdrawals = sum.withdrawals.plus(withdrawal.real_number.toFixed());
    sum.onChain = sum.onChain.plus(toCoins(typeof onChain === 'string' ? 0n : onChain, asset.decimals));
  }
  for (const [currency, sum] of sums) {
    totals[currency] = { withdrawals: sum.withdrawals.toFixed(), on_chain: sum.onChain.toFixed() };
    if (!sum.withdrawals.eq(sum.onChain))
      problems.push(
        `${currency}: completed withdrawals sent ${sum.withdrawals.toFixed()}, the hot wallet's payments on chain ${sum.onChain.toFixed()}`,
      );
  }
  for (const wallet of wallets) notes.push(...(await outsideTransactions(prisma, client, wallet.address)));
  return { network: SIGNER_NETWORK, totals, transfers, problems, notes };
}

/** Transactions the chain has from a hot wallet that none of the signer's mined ones account for. */
async function outsideTransactions(prisma: Db, client: EvmClient, address: string): Promise<string[]> {
  const count = await client.getTransactionCount({ address: address as Address, blockTag: 'latest' });
  const ours = await prisma.chainTransfer.findMany({
    where: {
      network: SIGNER_NETWORK,
      from_address: address,
      nonce: { lt: count },
      state: { in: [TRANSFER_STATE.confirmed, TRANSFER_STATE.reverted, TRANSFER_STATE.mined] },
    },
    distinct: ['nonce'],
    select: { nonce: true },
  });
  const outside = count - ours.length;
  return outside > 0
    ? [
        `hot wallet ${address}: ${outside} of its ${count} transactions were not made by the signer (the key used elsewhere, or a sweep's gas)`,
      ]
    : [];
}
