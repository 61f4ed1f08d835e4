import { parseEther, parseGwei, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../../test/harness';
import {
  freshAddress,
  signerFixture,
  TEST_STUCK_BLOCKS,
  type SignerFixture,
} from '../../../../../../test/chain/signer-fixture';
import type { AdminSignerView } from '@exchange/contracts';
import { signerRound } from './signer';
import type { SignerContext } from './signer-context';

const ctx = useTestContext();
let chain: SignerFixture;
let signer: SignerContext;
beforeAll(async () => {
  chain = await signerFixture(ctx);
  // A signer that ran once recorded the hot wallet: the console approves only what a hot wallet pays.
  signer = await chain.openSigner();
}, 60_000);
afterAll(() => chain?.stop());

const CRASH_TIMEOUT_MS = 120_000;
const hotNonce = () => chain.anvil.publicClient.getTransactionCount({ address: chain.hot });
const completed = (id: number) => async () => (await chain.signerState(id)) === 'completed';
const transfersOf = (id: number) =>
  ctx.prisma.chainTransfer.findMany({ where: { withdrawal_id: id }, orderBy: { id: 'asc' } });
const paidOnce = (id: number) =>
  ctx.prisma.accountLog.count({
    where: { ref_type: 'withdrawal', ref_id: String(id), type: LOG_TYPES.WITHDRAW_DONE },
  });

/** The console's view of one withdrawal's signer side. */
async function consoleView(id: number): Promise<AdminSignerView | null> {
  const listed = await ctx.get('/api/admin/withdrawals?status=1&limit=50', chain.operator.token);
  const rows = listed.body.message as { id: number; signer: AdminSignerView | null }[];
  return rows.find((row) => row.id === id)?.signer ?? null;
}

describe('the withdrawal signer killed and started again', () => {
  it(
    'killed after storing the signed transaction and before broadcasting it: the restarted signer sends those same bytes, paid once',
    async () => {
      const to = freshAddress();
      const id = await chain.withdrawal('ETH', '1', to);
      expect(await chain.approve(id)).toMatchObject({ type: 'ok' });
      const nonceBefore = await hotNonce();

      expect(await chain.crashSigner('recorded')).toBe('SIGKILL');
      const [stored] = await transfersOf(id);
      expect(stored).toMatchObject({ state: 'signed', nonce: BigInt(nonceBefore) });
      expect(await chain.signerState(id)).toBe('sent');
      // Nothing reached the node: no nonce used, no coin moved.
      expect(await hotNonce()).toBe(nonceBefore);
      expect(await chain.onChain('ETH', to)).toBe('0');

      const restarted = await chain.openSigner();
      await chain.roundsUntil(restarted, completed(id));

      const transfers = await transfersOf(id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ tx_hash: stored!.tx_hash, state: 'confirmed' });
      const onChain = await chain.anvil.publicClient.getTransaction({ hash: stored!.tx_hash as Hash });
      expect(onChain.nonce).toBe(nonceBefore);
      expect(await hotNonce()).toBe(nonceBefore + 1);
      expect(await chain.onChain('ETH', to)).toBe(parseEther('0.997').toString());
      expect(await paidOnce(id)).toBe(1);
      expect((await ctx.audit()).problems).toEqual([]);
    },
    CRASH_TIMEOUT_MS,
  );

  it(
    'killed after the node took the transaction and before that was stored: the restart re-sends the same one, paid once',
    async () => {
      const to = freshAddress();
      const id = await chain.withdrawal('USDT', '30', to);
      expect(await chain.approve(id)).toMatchObject({ type: 'ok' });
      const nonceBefore = await hotNonce();

      expect(await chain.crashSigner('broadcast')).toBe('SIGKILL');
      const [stored] = await transfersOf(id);
      // The database still says signed, the chain already has it (anvil mines each transaction at once).
      expect(stored?.state).toBe('signed');
      expect(await hotNonce()).toBe(nonceBefore + 1);
      expect(await chain.onChain('USDT', to)).toBe('29000000');

      const restarted = await chain.openSigner();
      await chain.roundsUntil(restarted, completed(id));

      const transfers = await transfersOf(id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ tx_hash: stored!.tx_hash, state: 'confirmed' });
      expect(await hotNonce()).toBe(nonceBefore + 1);
      expect(await chain.onChain('USDT', to)).toBe('29000000');
      expect(await paidOnce(id)).toBe(1);
      expect(await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: 2,
        txid: stored!.tx_hash,
      });
    },
    CRASH_TIMEOUT_MS,
  );

  it('lets a withdrawal larger than the hot wallet holds wait, shown so, and pays it once the wallet is funded', async () => {
    const to = freshAddress();
    const id = await chain.withdrawal('ETH', '150', to);
    expect(await chain.approve(id)).toMatchObject({ type: 'ok' });
    const nonceBefore = await hotNonce();

    for (let round = 0; round < 3; round += 1) await signerRound(signer);
    expect(await chain.signerState(id)).toBe('waiting_funds');
    expect(await transfersOf(id)).toEqual([]);
    expect(await hotNonce()).toBe(nonceBefore);
    const view = await consoleView(id);
    expect(view).toMatchObject({
      state: 'waiting_funds',
      tx_hash: '',
      note: { kind: 'funds', currency: 'ETH' },
    });
    expect(view?.decisions).toContain('refund');
    const wallets = await ctx.get('/api/admin/hot-wallets', chain.operator.token);
    const [wallet] = wallets.body.message as { balances: { currency: string; waiting: string }[] }[];
    expect(wallet?.balances.find((balance) => balance.currency === 'ETH')?.waiting).toBe('149.997');

    await chain.anvil.sendEth(chain.hot, parseEther('200'));
    await chain.roundsUntil(signer, completed(id));
    expect(await chain.onChain('ETH', to)).toBe(parseEther('149.997').toString());
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await paidOnce(id)).toBe(1);
  });

  it('shows a withdrawal stuck behind high fees to the operator, whose bump gets it mined, paid once', async () => {
    const to = freshAddress();
    const id = await chain.withdrawal('ETH', '2', to);
    expect(await chain.approve(id)).toMatchObject({ type: 'ok' });
    const nonceBefore = await hotNonce();
    await chain.anvil.automine(false);
    try {
      // Each block's base fee far above what the signed transaction offers: it waits in the pool.
      const expensiveBlock = async () => {
        await chain.anvil.testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei('100') });
        await chain.anvil.mine(1);
      };
      for (let block = 0; block <= TEST_STUCK_BLOCKS + 1; block += 1) {
        await signerRound(signer);
        await expensiveBlock();
      }
      await signerRound(signer);
      expect(await chain.signerState(id)).toBe('stuck');
      const stuck = await consoleView(id);
      expect(stuck).toMatchObject({ state: 'stuck', tx_state: 'broadcast', confirmations: 0 });
      expect(stuck?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(stuck?.decisions).toEqual(['bump', 'cancel']);
      expect(await hotNonce()).toBe(nonceBefore);

      expect(await chain.decide(id, 'bump')).toMatchObject({ type: 'ok' });
      await signerRound(signer);
      expect(await transfersOf(id)).toHaveLength(2);
      await chain.anvil.mine(1);
      await chain.roundsUntil(signer, completed(id));
    } finally {
      await chain.anvil.automine(true);
    }
    const [first, bump] = await transfersOf(id);
    expect(first?.nonce).toBe(bump?.nonce);
    expect([first?.state, bump?.state].sort()).toEqual(['confirmed', 'replaced']);
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await chain.onChain('ETH', to)).toBe(parseEther('1.997').toString());
    expect(await paidOnce(id)).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
