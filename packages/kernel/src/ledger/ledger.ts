import type { Tx } from '../db/prisma';
import type { Sql } from '../db/sql';
import type { Account } from './accounts';
import type { LogType } from './log-types';
import type { Money } from './money';
import { applyMovements, type ColumnMovement, type LedgerRef } from './writer';

/**
 * Shorthands for the common changes of one user's account, each built from column movements and written by
 * the one writer (writer.ts) inside the caller's transaction.
 */

/** An amount for one of a user's accounts; each shorthand says which columns it moves and which way. */
export interface Movement {
  userId: number;
  currencyId: number;
  account: Account;
  amount: Money;
  type: LogType;
  ref?: LedgerRef;
  memo?: string;
}

export interface Transfer extends Omit<Movement, 'account' | 'type'> {
  from: Account;
  to: Account;
  outType: LogType;
  inType: LogType;
}

function assertPositive(amount: Money): void {
  // A programming error, not a user error: callers validate amounts before they reach the ledger.
  if (!amount.isFinite() || amount.lte(0))
    throw new Error(`ledger amounts must be positive, got ${amount.toString()}`);
}

/** The two columns of an account (`isLock`): the available balance and the locked one. */
const AVAILABLE = false;
const LOCKED = true;

/** The movement's amount on one column, signed: positive into it, negative out of it. */
function columnMove(
  movement: Omit<Movement, 'type'> & { type: LogType },
  isLock: boolean,
  delta: Money,
): ColumnMovement {
  return {
    userId: movement.userId,
    currencyId: movement.currencyId,
    account: movement.account,
    isLock,
    delta,
    type: movement.type,
    ref: movement.ref,
    memo: movement.memo,
  };
}
const into = (movement: Omit<Movement, 'type'> & { type: LogType }, isLock: boolean) =>
  columnMove(movement, isLock, movement.amount);
const outOf = (movement: Omit<Movement, 'type'> & { type: LogType }, isLock: boolean) =>
  columnMove(movement, isLock, movement.amount.neg());

/** Adds to an account's available balance (money arriving: a deposit, a fill, a refund from the house). */
export async function credit(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [into(movement, AVAILABLE)]);
}

/** Takes from an account's available balance; refuses (balance_insufficient) rather than go below zero. */
export async function debit(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [outOf(movement, AVAILABLE)]);
}

/** Freezes available funds for an order, a withdrawal or an escrow. */
export async function lock(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [outOf(movement, AVAILABLE), into(movement, LOCKED)]);
}

/** Returns frozen funds to the available balance (a cancel, a rejection). */
export async function unlock(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [outOf(movement, LOCKED), into(movement, AVAILABLE)]);
}

/** Pays frozen funds out of the user's account (a completed withdrawal, the paid side of a trade). */
export async function settleLocked(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [outOf(movement, LOCKED)]);
}

/**
 * Pays one user's frozen funds into another user's available balance (an escrow released to its buyer): one
 * write that locks both wallet rows in key order, so two payments between the same users in opposite
 * directions, at the same moment, queue behind each other instead of deadlocking.
 */
export async function payLocked(
  tx: Tx | Sql,
  movement: Movement,
  payee: { userId: number; type: LogType },
): Promise<void> {
  assertPositive(movement.amount);
  await applyMovements(tx, [
    outOf(movement, LOCKED),
    into({ ...movement, userId: payee.userId, type: payee.type }, AVAILABLE),
  ]);
}

/** Moves available funds between two of one user's accounts, in one statement. */
export async function transferBetweenAccounts(tx: Tx | Sql, transfer: Transfer): Promise<void> {
  assertPositive(transfer.amount);
  if (transfer.from === transfer.to) throw new Error('a transfer needs two different accounts');
  await applyMovements(tx, [
    outOf({ ...transfer, account: transfer.from, type: transfer.outType }, AVAILABLE),
    into({ ...transfer, account: transfer.to, type: transfer.inType }, AVAILABLE),
  ]);
}
