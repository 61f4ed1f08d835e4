import { ANVIL_ACCOUNT, ANVIL_MNEMONIC, startAnvil } from '../test/chain/anvil';

/**
 * `npm run chain:dev [-- --port 8545] [--block-seconds 2]`: a local Ethereum chain for development. Starts
 * anvil with the published test mnemonic (whose xpub is the exchange's default EVM deposit key outside
 * production), mining a block every few seconds so confirmations count, deploys a test USDT (6 decimals) and
 * prints the settings that point the exchange at it. Runs until Ctrl-C; the chain lives in memory only.
 */
const args = process.argv.slice(2);
const valueOf = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} takes a positive whole number`);
  return value;
};

/** Few enough that a demo deposit is credited in seconds; production keeps the default (12) or more. */
const DEV_CONFIRMATIONS = 6;

async function main(): Promise<void> {
  const anvil = await startAnvil({
    port: valueOf('--port', 8545),
    blockTimeSeconds: valueOf('--block-seconds', 2),
  });
  const usdt = await anvil.deployTestToken();
  const settings = {
    EVM_RPC_URL: anvil.rpcUrl,
    EVM_CHAIN_ID: anvil.chainId,
    EVM_USDT_CONTRACT: usdt,
    EVM_CONFIRMATIONS_ETH: DEV_CONFIRMATIONS,
    EVM_CONFIRMATIONS_USDT: DEV_CONFIRMATIONS,
    EVM_POLL_MS: 1000,
  };
  console.log(`anvil is running at ${anvil.rpcUrl} (chain ${anvil.chainId}), a block every few seconds.
Test mnemonic (PUBLIC, never for real funds): ${ANVIL_MNEMONIC}
Sender with 10,000 ETH and 1,000,000,000 test USDT: ${ANVIL_ACCOUNT}
Test USDT (6 decimals): ${usdt}

Start the exchange against it (another terminal):
  ${Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' \\\n  ')} \\
  npm start

Then send to the deposit address your ETH or USDT deposit screen shows, e.g. with cast (Foundry) or viem:
  cast send --rpc-url ${anvil.rpcUrl} --unlocked --from ${ANVIL_ACCOUNT} <address> --value 0.5ether
  cast send --rpc-url ${anvil.rpcUrl} --unlocked --from ${ANVIL_ACCOUNT} ${usdt} 'transfer(address,uint256)' <address> 25000000

Ctrl-C stops the chain (and forgets it).`);
  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= anvil.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[chain:dev] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
