import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../../test/harness';
import { freshAddress, signerFixture, type SignerFixture } from '../../../../../../test/chain/signer-fixture';
import { walletOperator } from '..';
import { reconcileWithdrawals } from './signer-audit';
import { signerRound } from './signer';
import type { SignerContext } from './signer-context';

const ctx = useTestContext();
let chain: SignerFixture;
let signer: SignerContext;
beforeAll(async () => {
  chain = await signerFixture(ctx);
  signer = await chain.openSigner();
}, 60_000);
afterAll(() => chain?.stop());

const hotNonce = () => chain.anvil.publicClient.getTransactionCount({ address: chain.hot });
const completed = (id: number) => async () => (await chain.signerState(id)) === 'completed';

/** Every account-log row of one withdrawal of one type: the ledger moved it once or never. */
const logRows = (id: number, type: number) =>
  ctx.prisma.accountLog.count({ where: { ref_type: 'withdrawal', ref_id: String(id), type } });

describe('the withdrawal signer on a real chain', () => {
  it('pays approved ETH and USDT withdrawals to their address, completing each once through the ledger', async () => {
    const [ethTo, usdtTo] = [freshAddress(), freshAddress()];
    const eth = await chain.withdrawal('ETH', '0.5', ethTo);
    const usdt = await chain.withdrawal('USDT', '25', usdtTo);
    const listed = await walletOperator.listWithdrawals(ctx.prisma, { status: 1, limit: 50 });
    expect(listed.find((row) => row.id === eth)).toMatchObject({ signable: true, signer: null });
    expect(await chain.approve(eth)).toEqual({ type: 'ok', message: { id: eth, state: 'approved' } });
    expect(await chain.approve(usdt)).toEqual({ type: 'ok', message: { id: usdt, state: 'approved' } });
    const nonceBefore = await hotNonce();

    await chain.roundsUntil(signer, async () => (await completed(eth)()) && (await completed(usdt)()));

    // 0.5 ETH less the 0.003 fee, 25 USDT less the 1 USDT fee, each arrived once.
    expect(await chain.onChain('ETH', ethTo)).toBe(parseEther('0.497').toString());
    expect(await chain.onChain('USDT', usdtTo)).toBe(parseUnits('24', 6).toString());
    expect(await hotNonce()).toBe(nonceBefore + 2);
    for (const id of [eth, usdt]) {
      const withdrawal = await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id } });
      const [transfer] = await ctx.prisma.chainTransfer.findMany({ where: { withdrawal_id: id } });
      expect(withdrawal).toMatchObject({ status: 2, txid: transfer?.tx_hash });
      expect(transfer).toMatchObject({ kind: 'payment', state: 'confirmed' });
      expect(await logRows(id, LOG_TYPES.WITHDRAW_DONE)).toBe(1);
    }
    const fees = await ctx.prisma.houseEntry.findMany({
      where: { ref_type: 'withdrawal', ref_id: { in: [String(eth), String(usdt)] } },
    });
    expect(fees.map((entry) => entry.delta.toFixed()).sort()).toEqual(['0.003', '1']);

    // More rounds change nothing: no second transaction, no second completion.
    for (let round = 0; round < 3; round += 1) {
      await signerRound(signer);
      await chain.anvil.mine(1);
    }
    expect(await hotNonce()).toBe(nonceBefore + 2);
    expect(await logRows(eth, LOG_TYPES.WITHDRAW_DONE)).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
    const reconciled = await reconcileWithdrawals(ctx.prisma, chain.anvil.publicClient);
    expect(reconciled.problems).toEqual([]);
    expect(reconciled.totals).toMatchObject({ ETH: { withdrawals: '0.497', on_chain: '0.497' } });
  });

  it('shows the hot wallet balances, and what approved withdrawals still need, in the console', async () => {
    const hot = await ctx.get('/api/admin/hot-wallets', chain.operator.token);
    expect(hot.body.type).toBe('ok');
    const [wallet] = hot.body.message as {
      address: string;
      balances: { currency: string; amount: string }[];
    }[];
    expect(wallet?.address).toBe(chain.hot);
    const usdt = wallet?.balances.find((balance) => balance.currency === 'USDT');
    expect(usdt?.amount).toBe('9976');
  });
});
