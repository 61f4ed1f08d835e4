import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import type { SignerNote } from '@exchange/contracts';
import type { Tx } from '@exchange/kernel/db';
import { toCoins, toUnits, type HotAsset } from './signer-assets';
import { assetOf, nativeAsset, SIGNER_NETWORK, type SignerContext } from './signer-context';
import { nodeNote, noteText } from './signer-notes';
import {
  SIGNER_STATE,
  TRANSFER_KIND,
  TRANSFER_STATE,
  UNSIGNED_STATES,
  type SignerState,
  type TransferKind,
} from './signer-states';
import { lockHotWallet, reservations, type Holdings } from './signer-wallet';

/** EIP-1559 fees of a transaction, in wei per gas. */
export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** What a round knows of the chain: its head, the hot wallet's balances and the fees to offer now. */
export interface Round {
  head: number;
  holdings: Holdings;
  /** null when the network asks more than the configured ceiling: nothing new is signed. */
  fees: Fees | null;
}

const GWEI = 9;
/** Room over the node's gas estimate: a token's transfer may cost a little more when it is mined. */
const GAS_MARGIN = { times: 6n, over: 5n };
const PLAIN_TRANSFER_GAS = 21_000n;
/** How many approved withdrawals one round signs at most. */
const SIGN_BATCH = 20;

const ceilingNote = (context: SignerContext): SignerNote => ({
  kind: 'fees',
  ceiling_gwei: formatUnits(context.maxFeePerGasWei, GWEI),
});

/**
 * The fees to offer now: twice the latest block's base fee plus the node's suggested tip, which stays
 * includable through a run of full blocks; null when even the base fee and tip pass the ceiling.
 */
export async function marketFees(context: SignerContext): Promise<Fees | null> {
  const block = await context.client.getBlock();
  const base = block.baseFeePerGas ?? 0n;
  const tip = await context.client.estimateMaxPriorityFeePerGas();
  if (base + tip > context.maxFeePerGasWei) return null;
  const wanted = 2n * base + tip;
  return {
    maxFeePerGas: wanted < context.maxFeePerGasWei ? wanted : context.maxFeePerGasWei,
    maxPriorityFeePerGas: tip,
  };
}

/**
 * A replacement's fees: at least a quarter over the old ones (nodes take a replacement only 10 % over) and
 * at least what the market asks now; null above the ceiling.
 */
function bumpedFees(context: SignerContext, old: Fees, market: Fees | null): Fees | null {
  const raise = (value: bigint, floor: bigint | undefined) => {
    const raised = (value * 5n) / 4n + 1n;
    return floor !== undefined && floor > raised ? floor : raised;
  };
  const fees = {
    maxFeePerGas: raise(old.maxFeePerGas, market?.maxFeePerGas),
    maxPriorityFeePerGas: raise(old.maxPriorityFeePerGas, market?.maxPriorityFeePerGas),
  };
  return fees.maxFeePerGas > context.maxFeePerGasWei ? null : fees;
}

/** The call a payment makes: coins to the recipient, or the token contract's transfer(recipient, units). */
function paymentCall(
  asset: HotAsset,
  recipient: Address,
  units: bigint,
): { to: Address; value: bigint; data?: Hex } {
  if (!asset.contract) return { to: recipient, value: units };
  return {
    to: asset.contract,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, units] }),
  };
}

interface Payment {
  withdrawalId: number;
  kind: TransferKind;
  nonce: bigint;
  asset: HotAsset;
  recipient: Address;
  units: bigint;
  gas: bigint;
  fees: Fees;
}

/** Signs a transaction with the hot key and stores it (raw bytes, hash, nonce) in the caller's transaction. */
async function signAndStore(tx: Tx, context: SignerContext, payment: Payment): Promise<string> {
  const call =
    payment.kind === TRANSFER_KIND.cancel
      ? { to: context.account.address, value: 0n }
      : paymentCall(payment.asset, payment.recipient, payment.units);
  const raw = await context.account.signTransaction({
    type: 'eip1559',
    chainId: context.chainId,
    nonce: Number(payment.nonce),
    gas: payment.gas,
    ...payment.fees,
    ...call,
  });
  const hash = keccak256(raw);
  await tx.chainTransfer.create({
    data: {
      withdrawal_id: payment.withdrawalId,
      network: SIGNER_NETWORK,
      chain_id: String(context.chainId),
      kind: payment.kind,
      from_address: context.account.address,
      nonce: payment.nonce,
      to_address: call.to,
      recipient: payment.recipient,
      currency: payment.asset.currency,
      units: payment.units.toString(),
      gas_limit: payment.gas.toString(),
      max_fee_per_gas: payment.fees.maxFeePerGas.toString(),
      max_priority_fee_per_gas: payment.fees.maxPriorityFeePerGas.toString(),
      tx_hash: hash,
      raw,
      state: TRANSFER_STATE.signed,
    },
  });
  return hash;
}

/** What the hot wallet lacks for a payment beyond what its transactions out take, or null when it can pay. */
function shortfall(
  context: SignerContext,
  round: Round,
  reserved: Holdings,
  need: Holdings,
): SignerNote | null {
  for (const [currency, units] of need) {
    const asset = assetOf(context, currency)!;
    const free = (round.holdings.get(currency) ?? 0n) - (reserved.get(currency) ?? 0n);
    if (free < units)
      return {
        kind: 'funds',
        currency,
        need: toCoins(units, asset.decimals),
        free: toCoins(free > 0n ? free : 0n, asset.decimals),
      };
  }
  return null;
}

function needOf(context: SignerContext, asset: HotAsset, units: bigint, gasCost: bigint): Holdings {
  const need: Holdings = new Map([[asset.currency, units]]);
  const native = nativeAsset(context).currency;
  need.set(native, (need.get(native) ?? 0n) + gasCost);
  return need;
}

/** Parks an unsigned withdrawal with the reason (waiting for funds, or only a note), if still unsigned. */
async function hold(context: SignerContext, withdrawalId: number, state: SignerState, note: SignerNote) {
  await context.prisma.chainWithdrawal.updateMany({
    where: { withdrawal_id: withdrawalId, state: { in: UNSIGNED_STATES } },
    data: { state, note: noteText(note) },
  });
}

type Approved = Awaited<ReturnType<typeof approvedWithdrawals>>[number];

const approvedWithdrawals = (context: SignerContext) =>
  context.prisma.chainWithdrawal.findMany({
    where: { network: SIGNER_NETWORK, state: { in: UNSIGNED_STATES } },
    include: { withdrawal: { include: { currency: true } } },
    orderBy: { withdrawal_id: 'asc' },
    take: SIGN_BATCH,
  });

/**
 * Signs one approved withdrawal with the hot wallet's next nonce, under the hot wallet's row lock: the
 * nonce, the stored transaction and the new state commit together, and a withdrawal another signer took
 * meanwhile is left alone. A wallet short of funds (after what its transactions out take) leaves it waiting.
 */
async function signApprovedOne(context: SignerContext, round: Round, row: Approved): Promise<boolean> {
  const id = row.withdrawal_id;
  const asset = assetOf(context, row.withdrawal.currency.name);
  if (!asset) {
    await hold(context, id, SIGNER_STATE.approved, { kind: 'asset', currency: row.withdrawal.currency.name });
    return false;
  }
  const units = toUnits(row.withdrawal.real_number.toFixed(), asset.decimals);
  const recipient = getAddress(row.withdrawal.address);
  const early = shortfall(
    context,
    round,
    await reservations(context.prisma, context),
    needOf(context, asset, units, 0n),
  );
  if (early) {
    await hold(context, id, SIGNER_STATE.waitingFunds, early);
    return false;
  }
  if (!round.fees) {
    await hold(context, id, row.state as SignerState, ceilingNote(context));
    return false;
  }
  const fees = round.fees;
  const estimate = await context.client.estimateGas({
    account: context.account.address,
    ...paymentCall(asset, recipient, units),
  });
  const gas = (estimate * GAS_MARGIN.times) / GAS_MARGIN.over;
  return context.prisma.$transaction(async (tx) => {
    const nonce = await lockHotWallet(tx, context);
    const [current] = await tx.$queryRaw<{ state: string }[]>`
      SELECT state FROM chain_withdrawals WHERE withdrawal_id = ${id} FOR UPDATE`;
    if (!current || !UNSIGNED_STATES.includes(current.state as SignerState)) return false;
    const short = shortfall(
      context,
      round,
      await reservations(tx, context),
      needOf(context, asset, units, gas * fees.maxFeePerGas),
    );
    if (short) {
      await tx.chainWithdrawal.update({
        where: { withdrawal_id: id },
        data: { state: SIGNER_STATE.waitingFunds, note: noteText(short) },
      });
      return false;
    }
    const address = context.account.address;
    await tx.chainHotWallet.update({
      where: { network_address: { network: SIGNER_NETWORK, address } },
      data: { next_nonce: nonce + 1n },
    });
    await tx.chainNonce.create({ data: { network: SIGNER_NETWORK, address, nonce, withdrawal_id: id } });
    await signAndStore(tx, context, {
      withdrawalId: id,
      kind: TRANSFER_KIND.payment,
      nonce,
      asset,
      recipient,
      units,
      gas,
      fees,
    });
    await tx.chainWithdrawal.update({
      where: { withdrawal_id: id },
      data: { state: SIGNER_STATE.sent, nonce, hot_address: address, signed_height: round.head, note: '' },
    });
    return true;
  });
}

/** Signs the approved withdrawals, oldest first; one that cannot be paid now does not hold up the others. */
export async function signApproved(context: SignerContext, round: Round): Promise<void> {
  for (const row of await approvedWithdrawals(context)) {
    let signed: boolean;
    try {
      signed = await signApprovedOne(context, round, row);
    } catch (error) {
      context.log({ withdrawal: row.withdrawal_id, err: error }, 'the signer could not sign a withdrawal');
      await hold(context, row.withdrawal_id, row.state as SignerState, nodeNote(error));
      continue;
    }
    if (signed) await context.at?.('recorded');
  }
}

/**
 * Carries out the operators' bump and cancel decisions on stuck withdrawals: a new version of the newest
 * transaction (bump) or a transfer of nothing to the hot wallet itself (cancel), both with the SAME nonce,
 * so whichever is mined, the others never can be.
 */
export async function carryOutRequests(context: SignerContext, round: Round): Promise<void> {
  const rows = await context.prisma.chainWithdrawal.findMany({
    where: { network: SIGNER_NETWORK, state: SIGNER_STATE.stuck, request: { not: '' } },
    include: { transfers: { orderBy: { id: 'desc' } } },
  });
  for (const row of rows) {
    const newest = row.transfers.find((transfer) => transfer.nonce === row.nonce);
    if (!newest || row.nonce === null) continue;
    if (row.hot_address !== context.account.address) {
      await noteOn(context, row.withdrawal_id, { kind: 'key', address: row.hot_address });
      continue;
    }
    const kind = row.request === 'cancel' ? TRANSFER_KIND.cancel : (newest.kind as TransferKind);
    const old = {
      maxFeePerGas: BigInt(newest.max_fee_per_gas.toFixed()),
      maxPriorityFeePerGas: BigInt(newest.max_priority_fee_per_gas.toFixed()),
    };
    const fees = bumpedFees(context, old, round.fees);
    if (!fees) {
      await noteOn(context, row.withdrawal_id, ceilingNote(context));
      continue;
    }
    const asset = kind === TRANSFER_KIND.cancel ? nativeAsset(context) : assetOf(context, newest.currency);
    if (!asset) continue;
    const signed = await context.prisma.$transaction(async (tx) => {
      const [current] = await tx.$queryRaw<{ state: string; request: string }[]>`
        SELECT state, request FROM chain_withdrawals WHERE withdrawal_id = ${row.withdrawal_id} FOR UPDATE`;
      if (current?.state !== SIGNER_STATE.stuck || current.request !== row.request) return false;
      await signAndStore(tx, context, {
        withdrawalId: row.withdrawal_id,
        kind,
        nonce: row.nonce!,
        asset,
        recipient: kind === TRANSFER_KIND.cancel ? context.account.address : getAddress(newest.recipient),
        units: kind === TRANSFER_KIND.cancel ? 0n : BigInt(newest.units.toFixed()),
        gas: kind === TRANSFER_KIND.cancel ? PLAIN_TRANSFER_GAS : BigInt(newest.gas_limit.toFixed()),
        fees,
      });
      await tx.chainWithdrawal.update({
        where: { withdrawal_id: row.withdrawal_id },
        data: {
          state: kind === TRANSFER_KIND.cancel ? SIGNER_STATE.cancelling : SIGNER_STATE.sent,
          request: '',
          signed_height: round.head,
          note: '',
        },
      });
      return true;
    });
    if (signed) await context.at?.('recorded');
  }
}

async function noteOn(context: SignerContext, withdrawalId: number, note: SignerNote) {
  await context.prisma.chainWithdrawal.update({
    where: { withdrawal_id: withdrawalId },
    data: { note: noteText(note) },
  });
}
