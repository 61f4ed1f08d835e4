import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Hash,
} from 'viem';
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token';

/** Anvil's published test mnemonic: its accounts are funded with 10,000 ETH each and anyone can spend them. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Account 0 of that mnemonic (m/44'/60'/0'/0/0): the deployer and sender of the tests and `chain:dev`. */
export const ANVIL_ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const ANVIL_CHAIN_ID = 31337;

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/**
 * The anvil binary that `@foundry-rs/anvil`'s platform package ships (`bin/anvil`): found by resolving the
 * package, so no install script is needed.
 */
export function anvilBinary(): string {
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve(`${platformPackage}/package.json`);
  } catch {
    throw new Error(`${platformPackage} is not installed: run npm install (anvil ships for this platform?)`);
  }
  return join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** A port nobody listens on now (the OS picks it), for one anvil. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface AnvilOptions {
  port?: number;
  chainId?: number;
  /** Seconds between blocks; unset: a block per transaction (tests mine the rest themselves). */
  blockTimeSeconds?: number;
  /** Print anvil's own log lines (chain:dev). */
  verbose?: boolean;
}

const STARTUP_TIMEOUT_MS = 20_000;

async function untilAnswering(rpcUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}`);
    try {
      const answer = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer at ${rpcUrl}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const anvilChain = (rpcUrl: string, chainId = ANVIL_CHAIN_ID) =>
  defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });

/** The clients tests drive an anvil with (its accounts are unlocked: anvil signs their sends). */
export function connectAnvil(rpcUrl: string, chainId = ANVIL_CHAIN_ID) {
  const chain = anvilChain(rpcUrl, chainId);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ chain, transport, account: ANVIL_ACCOUNT });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const mined = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };

  return {
    rpcUrl,
    chainId,
    publicClient,
    testClient,
    /** Deploys the test ERC-20 (6 decimals) and mints `supply` base units to account 0. */
    async deployTestToken(supply = 10n ** 15n): Promise<Address> {
      const hash = await wallet.deployContract({ abi: TEST_TOKEN_ABI, bytecode: TEST_TOKEN_BYTECODE });
      const { contractAddress } = await mined(hash);
      if (!contractAddress) throw new Error('the token deployment created no contract');
      await mined(
        await wallet.writeContract({
          address: contractAddress,
          abi: TEST_TOKEN_ABI,
          functionName: 'mint',
          args: [ANVIL_ACCOUNT, supply],
        }),
      );
      return getAddress(contractAddress);
    },
    /** Sends `wei` from account 0; answers the mined transaction's receipt. */
    async sendEth(to: Address, wei: bigint) {
      return mined(await wallet.sendTransaction({ to, value: wei }));
    },
    /** Transfers `units` (base units) of a token from account 0. */
    async sendToken(token: Address, to: Address, units: bigint) {
      return mined(
        await wallet.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, units],
        }),
      );
    },
    /** A wallet of another unlocked (or impersonated) account. */
    walletOf: (account: Address) => createWalletClient({ chain, transport, account }),
    /** Off: sent transactions wait in the pool until `mine` (several in one block). */
    automine: (enabled: boolean) => testClient.setAutomine(enabled),
    /** Mines `blocks` empty blocks. */
    mine: (blocks = 1) => testClient.mine({ blocks }),
    /** Remembers the chain as it is now; `revert` drops every block mined since (a reorganisation). */
    snapshot: () => testClient.snapshot(),
    revert: (id: Hash) => testClient.revert({ id }),
  };
}

/** A running anvil and the clients tests drive it with. */
export type Anvil = Awaited<ReturnType<typeof startAnvil>>;

/** Starts anvil on a free port (or the one given) with the published mnemonic; `stop` ends it. */
export async function startAnvil(options: AnvilOptions = {}) {
  const port = options.port ?? (await freePort());
  const chainId = options.chainId ?? ANVIL_CHAIN_ID;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)];
  args.push('--mnemonic', ANVIL_MNEMONIC);
  if (options.blockTimeSeconds) args.push('--block-time', String(options.blockTimeSeconds));
  const child = spawn(anvilBinary(), args, {
    stdio: options.verbose ? 'inherit' : 'ignore',
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    await untilAnswering(rpcUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    ...connectAnvil(rpcUrl, chainId),
    port,
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
