import { createHmac } from 'node:crypto';

/**
 * Address formats per network: the pattern a withdrawal address must match, and how this exchange derives a
 * stable deposit address for a user (a keyed hash, so it never changes and needs no storage to reproduce).
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

interface Network {
  pattern: RegExp;
  derive: (bytes: Buffer) => string;
}

const encode = (bytes: Buffer, alphabet: string, length: number) =>
  Array.from({ length }, (_, index) => alphabet[(bytes[index % bytes.length] ?? 0) % alphabet.length]).join(
    '',
  );

const NETWORKS = {
  evm: { pattern: /^0x[0-9a-fA-F]{40}$/, derive: (bytes) => `0x${bytes.subarray(0, 20).toString('hex')}` },
  tron: { pattern: /^T[1-9A-HJ-NP-Za-km-z]{33}$/, derive: (bytes) => `T${encode(bytes, BASE58, 33)}` },
  bitcoin: {
    pattern: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    derive: (bytes) => `bc1q${encode(bytes, BECH32, 38)}`,
  },
  litecoin: {
    pattern: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
    derive: (bytes) => `ltc1q${encode(bytes, BECH32, 38)}`,
  },
  dogecoin: { pattern: /^D[1-9A-HJ-NP-Za-km-z]{33}$/, derive: (bytes) => `D${encode(bytes, BASE58, 33)}` },
  xrp: { pattern: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, derive: (bytes) => `r${encode(bytes, BASE58, 33)}` },
  solana: { pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, derive: (bytes) => encode(bytes, BASE58, 44) },
} satisfies Record<string, Network>;

type NetworkName = keyof typeof NETWORKS;

const NETWORK_BY_COIN: Record<string, NetworkName> = {
  BTC: 'bitcoin',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  XRP: 'xrp',
  SOL: 'solana',
};

export function networkOf(currency: { name: string; chain_type: string }): NetworkName {
  if (currency.chain_type === 'TRC20') return 'tron';
  return NETWORK_BY_COIN[currency.name] ?? 'evm';
}

export function isValidAddress(currency: { name: string; chain_type: string }, address: string): boolean {
  return NETWORKS[networkOf(currency)].pattern.test(address);
}

/** The one spelling of an address: EVM addresses ignore letter case, so they are kept in lower case. */
export function canonicalAddress(currency: { name: string; chain_type: string }, address: string): string {
  return networkOf(currency) === 'evm' ? address.toLowerCase() : address;
}

export function depositAddressFor(
  secret: string,
  userId: number,
  currency: { name: string; chain_type: string },
): string {
  const network = networkOf(currency);
  const bytes = createHmac('sha256', secret)
    .update(`deposit-address:${network}:${currency.name}:${userId}`)
    .digest();
  return NETWORKS[network].derive(bytes);
}
