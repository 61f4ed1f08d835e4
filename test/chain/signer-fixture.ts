import { spawn } from 'node:child_process';
import { erc20Abi, getAddress, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { EvmNetwork, EvmSigner } from '@exchange/kernel/config';
import { createPrisma, type Db } from '@exchange/kernel/db';
import {
  openSigner,
  signerRound,
  type SignerContext,
  type SignerPoint,
} from '../../apps/api/src/modules/wallet';
import { totpCode } from '../../apps/api/src/modules/admin';
import type { TestContext } from '../harness';
import { signedInOperator, type TestOperator } from '../operators';
import { startAnvil, type Anvil } from './anvil';
import type { CrashSetup } from './signer-crash';
import { TEST_TOKEN_DECIMALS } from './test-token';

/** Blocks (the payment's own included) before a signed withdrawal completes, in these tests. */
export const TEST_CONFIRMATIONS = 2;
export const TEST_STUCK_BLOCKS = 4;

/** What a signer test works with: a real chain, a funded hot wallet, the exchange and a finance operator. */
export interface SignerFixture {
  anvil: Anvil;
  usdt: Address;
  hotKey: `0x${string}`;
  hot: Address;
  network: EvmNetwork;
  signerSettings: EvmSigner;
  operator: TestOperator;
  /** A signer on the test's database (another Prisma client each, as another process would have). */
  openSigner: (at?: (point: SignerPoint) => void | Promise<void>) => Promise<SignerContext>;
  /**
   * Runs a signer in a process of its own that kills itself (SIGKILL) at `at`; answers the signal it died
   * of (null: it finished its rounds without reaching the point).
   */
  crashSigner: (at: SignerPoint) => Promise<NodeJS.Signals | null>;
  /** A user with `amount` of `currency` deposited who asks to withdraw `number` of it to `address`. */
  withdrawal: (currency: 'ETH' | 'USDT', number: string, address: Address) => Promise<number>;
  /** Approves a withdrawal for the signer through the console (finance, two-factor). */
  approve: (id: number) => Promise<{ type: string; message: unknown }>;
  /** An operator's decision on a signer's withdrawal through the console. */
  decide: (id: number, decision: string, reason?: string) => Promise<{ type: string; message: unknown }>;
  /** Runs signer rounds, mining a block after each, until `done` holds (or fails after `limit` rounds). */
  roundsUntil: (signer: SignerContext, done: () => Promise<boolean>, limit?: number) => Promise<void>;
  /** What an address holds on chain, in base units (wei, or the test USDT's millionths) as text. */
  onChain: (currency: 'ETH' | 'USDT', address: Address) => Promise<string>;
  signerState: (id: number) => Promise<string | undefined>;
  stop: () => Promise<void>;
}

/** A fresh address nobody controls, to receive withdrawals. */
export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/**
 * Starts anvil with the test USDT, funds a new hot wallet from anvil's first account (100 ETH, 10,000
 * USDT), and makes USDT an ERC-20 of the exchange (its chain type), as an exchange paying USDT on Ethereum
 * configures it.
 */
export async function signerFixture(
  ctx: TestContext,
  funding = { eth: '100', usdt: '10000' },
): Promise<SignerFixture> {
  const anvil = await startAnvil();
  const usdt = await anvil.deployTestToken();
  const hotKey = generatePrivateKey();
  const hot = privateKeyToAccount(hotKey).address;
  if (funding.eth !== '0') await anvil.sendEth(hot, parseEther(funding.eth));
  if (funding.usdt !== '0') await anvil.sendToken(usdt, hot, parseUnits(funding.usdt, TEST_TOKEN_DECIMALS));
  await ctx.prisma.currency.update({ where: { name: 'USDT' }, data: { chain_type: 'ERC20' } });
  const network: EvmNetwork = {
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    native: { currency: 'ETH', confirmations: TEST_CONFIRMATIONS },
    tokens: [{ currency: 'USDT', confirmations: TEST_CONFIRMATIONS, contract: usdt }],
    pollMs: 100,
  };
  const signerSettings: EvmSigner = {
    key: { fromEnvironment: () => hotKey },
    stuckBlocks: TEST_STUCK_BLOCKS,
    maxFeePerGasWei: parseUnits('500', 9),
  };
  const operator = await signedInOperator(ctx, 'finance');
  const clients: Db[] = [];
  const user = await ctx.signedInUser({ tradePassword: '246810' });
  const console = (path: string, body: Record<string, string | number>) =>
    ctx
      .post(`/api/admin/${path}`, { ...body, totp_code: totpCode(operator.secret ?? '') }, operator.token)
      .then((response) => response.body as { type: string; message: unknown });

  const fixture: SignerFixture = {
    anvil,
    usdt,
    hotKey,
    hot,
    network,
    signerSettings,
    operator,
    async openSigner(at) {
      const prisma = createPrisma(ctx.databaseUrl, 3);
      clients.push(prisma);
      return openSigner({
        prisma,
        network,
        signer: signerSettings,
        production: false,
        log: () => undefined,
        ...(at ? { at } : {}),
      });
    },
    async crashSigner(at) {
      const setup: CrashSetup = {
        databaseUrl: ctx.databaseUrl,
        network,
        hotKey,
        stuckBlocks: signerSettings.stuckBlocks,
        maxFeePerGasWei: signerSettings.maxFeePerGasWei.toString(),
        at,
      };
      // node with tsx's loader (not the tsx command, whose wrapper would take the SIGKILL's place).
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/chain/signer-crash.ts'], {
        env: { ...process.env, SIGNER_CRASH_SETUP: JSON.stringify(setup) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return new Promise((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code, signal) =>
          signal || code === 0
            ? resolve(signal)
            : reject(new Error(`the signer process exited with ${code}`)),
        );
      });
    },
    async withdrawal(currency, number, address) {
      await ctx.deposit(user.account, currency, number);
      const currencyId = await ctx.currencyId(currency);
      const out = await ctx.post(
        '/api/wallet/out',
        { currency: currencyId, number, address, pay_password: '246810' },
        user.token,
      );
      if (out.body.type !== 'ok') throw new Error(`withdrawal refused: ${JSON.stringify(out.body)}`);
      const row = await ctx.prisma.withdrawal.findFirstOrThrow({
        where: { user_id: user.id, address },
        orderBy: { id: 'desc' },
      });
      return row.id;
    },
    approve: (id) => console('withdrawals/approve', { id }),
    decide: (id, decision, reason = '') => console('withdrawals/signer', { id, decision, reason }),
    async roundsUntil(signer, done, limit = 12) {
      for (let round = 0; round < limit; round += 1) {
        await signerRound(signer);
        if (await done()) return;
        await anvil.mine(1);
      }
      throw new Error(`not done after ${limit} signer rounds`);
    },
    async onChain(currency, address) {
      if (currency === 'ETH') return (await anvil.publicClient.getBalance({ address })).toString();
      const units = await anvil.publicClient.readContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(address)],
      });
      return units.toString();
    },
    async signerState(id) {
      return (await ctx.prisma.chainWithdrawal.findUnique({ where: { withdrawal_id: id } }))?.state;
    },
    async stop() {
      for (const prisma of clients) await prisma.$disconnect();
      await anvil.stop();
    },
  };
  return fixture;
}
