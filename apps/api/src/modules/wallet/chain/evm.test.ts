import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type EvmNetwork } from '@exchange/kernel/config';
import { ANVIL_ACCOUNT, startAnvil, type Anvil } from '../../../../../../test/chain/anvil';
import { TEST_TOKEN_DECIMALS } from '../../../../../../test/chain/test-token';
import { checkEvmNetwork, createEvmClient, readBlock, readTokenTransfers, succeeded } from './evm';

const RECEIVER = getAddress('0x00000000000000000000000000000000000a11ce');

describe('the EVM client on a real chain (anvil)', () => {
  let anvil: Anvil;
  let token: `0x${string}`;
  let network: EvmNetwork;

  beforeAll(async () => {
    anvil = await startAnvil();
    token = await anvil.deployTestToken();
    const config = loadConfig({
      NODE_ENV: 'test',
      EVM_RPC_URL: anvil.rpcUrl,
      EVM_CHAIN_ID: String(anvil.chainId),
      EVM_USDT_CONTRACT: token.toLowerCase(),
    });
    network = config.EVM!;
  });
  afterAll(() => anvil?.stop());

  it('checks the chain id and reads the token decimals from its contract', async () => {
    const client = createEvmClient(network);
    expect(network.tokens).toEqual([{ currency: 'USDT', confirmations: 12, contract: token }]);
    expect(await checkEvmNetwork(client, network)).toEqual(new Map([[token, TEST_TOKEN_DECIMALS]]));
    await expect(checkEvmNetwork(client, { ...network, chainId: 1 })).rejects.toThrow(
      `the node at EVM_RPC_URL is on chain ${anvil.chainId}, EVM_CHAIN_ID says 1`,
    );
    const notAContract = { ...network, tokens: [{ currency: 'USDT', confirmations: 1, contract: RECEIVER }] };
    await expect(checkEvmNetwork(client, notAContract)).rejects.toThrow(`no contract at ${RECEIVER}`);
  });

  it('reads the value transfers of a block and the token transfers by block hash', async () => {
    const client = createEvmClient(network);
    const eth = await anvil.sendEth(RECEIVER, parseEther('1.5'));
    const usdt = await anvil.sendToken(token, RECEIVER, 25_000_000n);
    const ethBlock = await readBlock(client, eth.blockNumber);
    expect(ethBlock).toMatchObject({ number: eth.blockNumber, hash: eth.blockHash });
    expect(ethBlock?.valueTransfers).toEqual([
      { txHash: eth.transactionHash, from: ANVIL_ACCOUNT, to: RECEIVER, value: parseEther('1.5') },
    ]);
    expect(await succeeded(client, eth.transactionHash)).toBe(true);
    expect(await readTokenTransfers(client, usdt.blockHash, [token])).toEqual([
      {
        contract: token,
        txHash: usdt.transactionHash,
        logIndex: 0,
        from: ANVIL_ACCOUNT,
        to: RECEIVER,
        value: 25_000_000n,
      },
    ]);
    expect(await readTokenTransfers(client, eth.blockHash, [token])).toEqual([]);
    const head = await client.getBlockNumber();
    expect(await readBlock(client, head + 1n)).toBeNull();
  });

  it('sees a reverted snapshot as another block at the same height', async () => {
    const client = createEvmClient(network);
    const snapshot = await anvil.snapshot();
    const sent = await anvil.sendEth(RECEIVER, 1n);
    await anvil.revert(snapshot);
    await anvil.mine(1);
    const replaced = await readBlock(client, sent.blockNumber);
    expect(replaced?.hash).not.toBe(sent.blockHash);
    expect(replaced?.valueTransfers).toEqual([]);
  });
});

describe('EVM settings', () => {
  it('has no network without an RPC URL, and refuses half a configuration', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).EVM).toBeNull();
    expect(() => loadConfig({ EVM_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(/EVM_CHAIN_ID must be set/);
    expect(() => loadConfig({ EVM_CHAIN_ID: '1' })).toThrow(/EVM_CHAIN_ID set without EVM_RPC_URL/);
    expect(() => loadConfig({ EVM_RPC_URL: 'not a url', EVM_CHAIN_ID: '1' })).toThrow(/EVM_RPC_URL/);
    const base = { EVM_RPC_URL: 'http://127.0.0.1:8545', EVM_CHAIN_ID: '1' };
    // One letter's case changed: the EIP-55 checksum fails.
    const badChecksum = '0xDAC17F958D2ee523a2206206994597C13D831ec7';
    expect(() => loadConfig({ ...base, EVM_USDT_CONTRACT: badChecksum })).toThrow(/EVM_USDT_CONTRACT/);
    expect(() => loadConfig({ ...base, EVM_CONFIRMATIONS_ETH: '0' })).toThrow(/EVM_CONFIRMATIONS_ETH/);
    const mainnet = loadConfig({
      ...base,
      EVM_USDT_CONTRACT: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      EVM_CONFIRMATIONS_ETH: '64',
    }).EVM;
    expect(mainnet?.native).toEqual({ currency: 'ETH', confirmations: 64 });
    expect(mainnet?.tokens[0]?.contract).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
  });
});
