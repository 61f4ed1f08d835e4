import { createWalletClient, erc20Abi, http, isAddress, parseEther, parseUnits, type Address } from 'viem';
import { ANVIL_ACCOUNT, anvilChain } from '../test/chain/anvil';
import { TEST_TOKEN_DECIMALS } from '../test/chain/test-token';

/**
 * `npm run chain:send -- <address> (--eth 0.5 | --usdt 25) [--token 0x…] [--rpc http://127.0.0.1:8545]`:
 * sends test ETH or test USDT from anvil's unlocked first account on the `npm run chain:dev` chain (no key
 * needed: anvil signs for its own accounts). The token defaults to the first contract that account deploys
 * on a fresh chain, which is where chain:dev puts it.
 */
const CHAIN_DEV_TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const args = process.argv.slice(2);
const valueOf = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

async function main(): Promise<void> {
  const [to] = args;
  if (!to || !isAddress(to))
    throw new Error('name the deposit address first: npm run chain:send -- 0x… --eth 0.5');
  const rpc = valueOf('--rpc') ?? 'http://127.0.0.1:8545';
  const wallet = createWalletClient({ transport: http(rpc), account: ANVIL_ACCOUNT, chain: anvilChain(rpc) });
  const eth = valueOf('--eth');
  const usdt = valueOf('--usdt');
  if (!eth === !usdt) throw new Error('say what to send: --eth <amount> or --usdt <amount>');
  const hash = eth
    ? await wallet.sendTransaction({ to, value: parseEther(eth) })
    : await wallet.writeContract({
        address: (valueOf('--token') as Address | undefined) ?? CHAIN_DEV_TOKEN,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, parseUnits(usdt!, TEST_TOKEN_DECIMALS)],
      });
  console.log(`sent ${eth ? `${eth} ETH` : `${usdt} USDT`} to ${to}: transaction ${hash}`);
}

main().catch((error: unknown) => {
  console.error(`[chain:send] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
