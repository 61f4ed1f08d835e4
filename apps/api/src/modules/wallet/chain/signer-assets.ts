import { formatUnits, parseUnits, type Address } from 'viem';
import type { EvmNetwork } from '@exchange/kernel/config';
import type { TokenDecimals } from './evm';

/** A currency the hot wallet pays: the chain's own coin (no contract) or an ERC-20 token. */
export interface HotAsset {
  currency: string;
  contract: Address | null;
  decimals: number;
  /** Blocks (its own included) a payment waits before its withdrawal is completed. */
  confirmations: number;
}

const NATIVE_DECIMALS = 18;

/** The network's currencies as the hot wallet pays them, with each token's decimals read from its contract. */
export function hotAssets(network: EvmNetwork, decimals: TokenDecimals): HotAsset[] {
  return [
    {
      currency: network.native.currency,
      contract: null,
      decimals: NATIVE_DECIMALS,
      confirmations: network.native.confirmations,
    },
    ...network.tokens.flatMap((token) =>
      token.contract
        ? [
            {
              currency: token.currency,
              contract: token.contract,
              decimals: decimals.get(token.contract) ?? NATIVE_DECIMALS,
              confirmations: token.confirmations,
            },
          ]
        : [],
    ),
  ];
}

/**
 * An amount in whole coins as base units, exactly: an amount finer than the asset's smallest unit is refused
 * (viem's parseUnits would round it).
 */
export function toUnits(amount: string, decimals: number): bigint {
  const fraction = amount.split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals)
    throw new Error(`${amount} has more decimal places than the asset's ${decimals}`);
  return parseUnits(amount, decimals);
}

/** Base units as whole coins, as decimal text. */
export const toCoins = (units: bigint, decimals: number) => formatUnits(units, decimals);
