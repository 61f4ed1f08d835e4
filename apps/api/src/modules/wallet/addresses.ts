import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import type { DepositKeyFamily } from '@exchange/kernel/config';

/**
 * Addresses per network: how a withdraw address is checked (with its checksum) and how a deposit address is
 * encoded from a public key derived from the operator's extended public key. Pure: no I/O.
 */
export type NetworkName = 'evm' | 'tron' | 'bitcoin' | 'litecoin' | 'dogecoin' | 'xrp' | 'solana';

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

/**
 * The key family a network's deposit addresses derive from. Solana has none: its keys are ed25519 with
 * hardened-only derivation (SLIP-10), so no child public key can be derived from a public key.
 */
export const KEY_FAMILY: Record<NetworkName, DepositKeyFamily | null> = {
  evm: 'EVM',
  tron: 'TRON',
  bitcoin: 'BITCOIN',
  litecoin: 'LITECOIN',
  dogecoin: 'DOGECOIN',
  xrp: 'XRP',
  solana: null,
};

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes));
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));
const base58check = createBase58check(sha256);

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index]);

// ---- EVM (EIP-55) ----

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lower-case hex) is 8 or more. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  const spelled = Array.from(lower, (char, index) =>
    parseInt(hash[index] ?? '0', 16) >= 8 ? char.toUpperCase() : char,
  ).join('');
  return `0x${spelled}`;
}

/** The 20 bytes of an EVM account: the last 20 of keccak256 of the uncompressed public key (without 0x04). */
function evmAccount(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedPublicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** All lower or all upper case (no checksum) is accepted; mixed case must be the EIP-55 spelling. */
export function isValidEvmAddress(address: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(address);
  if (!match?.[1]) return false;
  const hex = match[1];
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(hex) === address;
}

// ---- base58check (Bitcoin family, TRON) and XRP ----

function base58checkPayload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

/** A base58check address: 21 bytes, a version byte from the list and a 20-byte hash. */
function isBase58checkAddress(address: string, versions: number[]): boolean {
  const payload = base58checkPayload(address);
  return payload !== null && payload.length === 21 && versions.includes(payload[0] ?? -1);
}

/** XRP's classic address: base58check in Ripple's alphabet of 0x00 + the 20-byte account id. */
function xrpEncode(accountId: Uint8Array): string {
  const payload = concatBytes(Uint8Array.of(0), accountId);
  return base58xrp.encode(concatBytes(payload, sha256d(payload).subarray(0, 4)));
}

export function isValidXrpAddress(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 25 || bytes[0] !== 0) return false;
  return sameBytes(sha256d(bytes.subarray(0, 21)).subarray(0, 4), bytes.subarray(21));
}

// ---- segwit (BIP173 bech32 for version 0, BIP350 bech32m for versions 1 to 16) ----

/** A segwit address of the given human-readable part: the right encoding per version, lengths per BIP141. */
export function isValidSegwitAddress(address: string, hrp: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  if (!lower.startsWith(`${hrp}1`)) return false;
  const decode = (coder: typeof bech32) => {
    try {
      return coder.decode(lower as `${string}1${string}`, 90);
    } catch {
      return null;
    }
  };
  const plain = decode(bech32);
  const modern = plain ? null : decode(bech32m);
  const decoded = plain ?? modern;
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return false;
  const [version = -1, ...rest] = decoded.words;
  if (version > 16 || (version === 0) !== Boolean(plain)) return false;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(rest);
  } catch {
    return false;
  }
  if (program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

const segwitV0 = (hrp: string, program: Uint8Array) => bech32.encode(hrp, [0, ...bech32.toWords(program)]);

// ---- Solana ----

function isValidSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

// ---- per network ----

interface Network {
  isValid: (address: string) => boolean;
  /** The deposit address of a derived (compressed secp256k1) public key; absent where keys cannot derive. */
  encode?: (publicKey: Uint8Array) => string;
}

const NETWORKS: Record<NetworkName, Network> = {
  evm: { isValid: isValidEvmAddress, encode: (key) => toChecksumAddress(bytesToHex(evmAccount(key))) },
  tron: {
    isValid: (address) => address.startsWith('T') && isBase58checkAddress(address, [0x41]),
    encode: (key) => base58check.encode(concatBytes(Uint8Array.of(0x41), evmAccount(key))),
  },
  bitcoin: {
    isValid: (address) => isValidSegwitAddress(address, 'bc') || isBase58checkAddress(address, [0x00, 0x05]),
    encode: (key) => segwitV0('bc', hash160(key)),
  },
  litecoin: {
    isValid: (address) =>
      isValidSegwitAddress(address, 'ltc') || isBase58checkAddress(address, [0x30, 0x32, 0x05]),
    encode: (key) => segwitV0('ltc', hash160(key)),
  },
  dogecoin: {
    isValid: (address) => isBase58checkAddress(address, [0x1e, 0x16]),
    encode: (key) => base58check.encode(concatBytes(Uint8Array.of(0x1e), hash160(key))),
  },
  xrp: { isValid: isValidXrpAddress, encode: (key) => xrpEncode(hash160(key)) },
  solana: { isValid: isValidSolanaAddress },
};

/** A withdraw address of this currency's network, checksum included. */
export function isValidAddress(currency: { name: string; chain_type: string }, address: string): boolean {
  return NETWORKS[networkOf(currency)].isValid(address);
}

/**
 * The one spelling of an address: EVM addresses and bech32 ignore letter case, so they are kept in lower
 * case (an upper-case bech32 address is the same address).
 */
export function canonicalAddress(currency: { name: string; chain_type: string }, address: string): string {
  const network = networkOf(currency);
  if (network === 'evm') return address.toLowerCase();
  if ((network === 'bitcoin' || network === 'litecoin') && address.toUpperCase() === address)
    return address.toLowerCase();
  return address;
}

/**
 * The receive path below an account key: external chain 0, then the address index (BIP44/BIP84
 * m/purpose'/coin'/account'/0/index with the account xpub configured). Non-hardened, so public derivation.
 */
export const MAX_ADDRESS_INDEX = 0x7fffffff;

/** The deposit address at `index` under an account extended public key, encoded for the network. */
export function deriveDepositAddress(network: NetworkName, accountKey: HDKey, index: number): string {
  const encode = NETWORKS[network].encode;
  if (!encode) throw new Error(`${network} addresses cannot be derived from a public key`);
  if (!Number.isInteger(index) || index < 0 || index > MAX_ADDRESS_INDEX)
    throw new Error(`address index out of range: ${index}`);
  const child = accountKey.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('the derived key has no public key');
  return encode(child.publicKey);
}

/** The key's own BIP32 fingerprint (first 4 bytes of hash160 of its public key), 8 hex digits. */
export function keyFingerprint(accountKey: HDKey): string {
  return accountKey.fingerprint.toString(16).padStart(8, '0');
}
