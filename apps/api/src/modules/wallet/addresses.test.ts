import { createBase58check, hex } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import { PUBLIC_TEST_DEPOSIT_XPUBS, loadConfig, parseExtendedPublicKey } from '@exchange/kernel/config';
import {
  canonicalAddress,
  deriveDepositAddress,
  isValidAddress,
  isValidEvmAddress,
  isValidSegwitAddress,
  keyFingerprint,
  toChecksumAddress,
} from './addresses';

const coin = (name: string, chain_type = 'native') => ({ name, chain_type });
const ETH = coin('ETH', 'ERC20');
const TRON = coin('USDT', 'TRC20');
const BTC = coin('BTC');
const LTC = coin('LTC');
const DOGE = coin('DOGE');
const XRP = coin('XRP');
const SOL = coin('SOL');

/** Every single-character change of an address (in its own alphabet) must fail its checksum. */
function mutations(address: string, alphabet: string, from = 1): string[] {
  const out: string[] = [];
  for (let at = from; at < address.length; at += 1) {
    const char = address[at] ?? '';
    const other = alphabet[(alphabet.indexOf(char) + 7) % alphabet.length] ?? '';
    if (other !== char) out.push(address.slice(0, at) + other + address.slice(at + 1));
  }
  return out;
}
const base58check = createBase58check(sha256);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

describe('BIP32 public derivation (test vector 1)', () => {
  const root = HDKey.fromMasterSeed(hex.decode('000102030405060708090a0b0c0d0e0f'));
  it('derives the published public keys from the published xpubs, without private keys', () => {
    expect(root.derive("m/0'/1").publicExtendedKey).toBe(
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    );
    // m/0'/1/2' is public; its children /2 and /2/1000000000 derive from it with no private key.
    const account = parseExtendedPublicKey(
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
    );
    expect(account.privateKey).toBeNull();
    expect(account.deriveChild(2).publicExtendedKey).toBe(
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    );
    expect(account.deriveChild(2).deriveChild(1000000000).publicExtendedKey).toBe(
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    );
  });

  it('refuses an extended private key and anything that is not a key', () => {
    expect(() => parseExtendedPublicKey(root.privateExtendedKey)).toThrow(/PRIVATE key/);
    expect(() => parseExtendedPublicKey('xpub-not-a-key')).toThrow(/not an extended public key/);
    const broken = PUBLIC_TEST_DEPOSIT_XPUBS.EVM.slice(0, -1) + 'A';
    expect(() => parseExtendedPublicKey(broken)).toThrow(/not an extended public key/);
  });
});

describe('deposit keys in the configuration', () => {
  it('uses the public test keys in development and tests, and none where set empty', () => {
    const config = loadConfig({ NODE_ENV: 'test', DEPOSIT_XPUB_XRP: '' });
    expect(config.DEPOSIT_XPUBS.EVM).toBe(PUBLIC_TEST_DEPOSIT_XPUBS.EVM);
    expect(config.DEPOSIT_XPUBS.XRP).toBe('');
  });

  it('refuses to start with a bad key, a private key or (in production) a public test key', () => {
    expect(() => loadConfig({ DEPOSIT_XPUB_BITCOIN: 'xpub123' })).toThrow(
      /DEPOSIT_XPUB_BITCOIN: not an extended public key/,
    );
    const xprv = HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).privateExtendedKey;
    expect(() => loadConfig({ DEPOSIT_XPUB_EVM: xprv })).toThrow(/DEPOSIT_XPUB_EVM: an extended PRIVATE key/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a-private-production-secret',
      OPERATOR_TOTP_KEY: 'x'.repeat(32),
    };
    expect(() => loadConfig({ ...production, DEPOSIT_XPUB_TRON: PUBLIC_TEST_DEPOSIT_XPUBS.TRON })).toThrow(
      /DEPOSIT_XPUB_TRON is the PUBLIC test key/,
    );
    // Production without keys: every network's deposits are closed, never a test key.
    expect(Object.values(loadConfig(production).DEPOSIT_XPUBS)).toEqual(['', '', '', '', '', '']);
  });
});

describe('deposit addresses from the public test keys', () => {
  const key = (family: keyof typeof PUBLIC_TEST_DEPOSIT_XPUBS) =>
    parseExtendedPublicKey(PUBLIC_TEST_DEPOSIT_XPUBS[family]);

  it('gives anvil’s well-known accounts on EVM (m/44’/60’/0’/0/i), EIP-55 spelled', () => {
    const evm = key('EVM');
    expect(deriveDepositAddress('evm', evm, 0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(deriveDepositAddress('evm', evm, 1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(keyFingerprint(evm)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('encodes each network’s address, and each one passes its own withdraw check', () => {
    const cases = [
      ['tron', 'TRON', TRON, /^T/],
      ['bitcoin', 'BITCOIN', BTC, /^bc1q[02-9ac-hj-np-z]{38}$/],
      ['litecoin', 'LITECOIN', LTC, /^ltc1q[02-9ac-hj-np-z]{38}$/],
      ['dogecoin', 'DOGECOIN', DOGE, /^D/],
      ['xrp', 'XRP', XRP, /^r/],
    ] as const;
    for (const [network, family, currency, shape] of cases) {
      const first = deriveDepositAddress(network, key(family), 0);
      expect(first).toMatch(shape);
      expect(isValidAddress(currency, first), `${network} ${first}`).toBe(true);
      expect(deriveDepositAddress(network, key(family), 1)).not.toBe(first);
      expect(deriveDepositAddress(network, key(family), 0)).toBe(first);
    }
  });

  it('makes the TRON address of the same 20 bytes as the EVM one', () => {
    // The same key on both: base58check(0x41 + the EVM account) (TRON's published rule).
    const evm = key('EVM');
    const tron = deriveDepositAddress('tron', evm, 0);
    expect(hex.encode(base58check.decode(tron))).toBe('41f39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('cannot derive Solana addresses from a public key, nor use an index out of range', () => {
    expect(() => deriveDepositAddress('solana', key('EVM'), 0)).toThrow(/cannot be derived/);
    expect(() => deriveDepositAddress('evm', key('EVM'), 2 ** 31)).toThrow(/out of range/);
    expect(() => deriveDepositAddress('evm', key('EVM'), -1)).toThrow(/out of range/);
  });
});

describe('EIP-55 (the examples of the EIP)', () => {
  const examples = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  it('spells and accepts every example', () => {
    for (const example of examples) {
      expect(toChecksumAddress(example.slice(2))).toBe(example);
      expect(isValidEvmAddress(example)).toBe(true);
      expect(isValidAddress(ETH, example)).toBe(true);
    }
  });

  it('accepts all lower and all upper case, refuses mixed case that is not the checksum', () => {
    const mixed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(isValidEvmAddress(mixed.toLowerCase())).toBe(true);
    expect(isValidEvmAddress(`0x${mixed.slice(2).toUpperCase()}`)).toBe(true);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidEvmAddress('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isValidEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg')).toBe(false);
    expect(canonicalAddress(ETH, mixed)).toBe(mixed.toLowerCase());
  });
});

describe('segwit addresses (BIP173 and BIP350 vectors)', () => {
  const valid: [string, string][] = [
    ['bc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['tb', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    ['bc', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y'],
    ['bc', 'BC1SW50QGDZ25J'],
    ['bc', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['tb', 'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy'],
    ['tb', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c'],
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ];
  const invalid: [string, string][] = [
    ['tb', 'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut'], // wrong human-readable part
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'], // v1 with a bech32 checksum
    ['tb', 'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf'], // v2 with a bech32 checksum
    ['bc', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL'], // v16 with a bech32 checksum
    ['bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'], // v0 with a bech32m checksum
    ['tb', 'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47'], // v0 with a bech32m checksum
    ['bc', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4'], // invalid character
    ['bc', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'], // witness version 17
    ['bc', 'bc1pw5dgrnzv'], // program of 1 byte
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav'], // 41 bytes
    ['bc', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'], // v0 program of 16 bytes
    ['tb', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq'], // mixed case
    ['bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf'], // padding over 4 bits
    ['tb', 'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j'], // non-zero padding
    ['bc', 'bc1gmk9yu'], // empty data
  ];
  it('accepts the valid vectors with their own prefix only', () => {
    for (const [hrp, address] of valid) {
      expect(isValidSegwitAddress(address, hrp), address).toBe(true);
      expect(isValidSegwitAddress(address, hrp === 'bc' ? 'ltc' : 'bc'), address).toBe(false);
    }
  });
  it('refuses every invalid vector', () => {
    for (const [hrp, address] of invalid) expect(isValidSegwitAddress(address, hrp), address).toBe(false);
  });
  it('checks Bitcoin and Litecoin withdraw addresses with their prefixes, any single change fails', () => {
    const btc = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    expect(isValidAddress(BTC, btc)).toBe(true);
    expect(isValidAddress(BTC, btc.toUpperCase())).toBe(true);
    expect(canonicalAddress(BTC, btc.toUpperCase())).toBe(btc);
    expect(isValidAddress(LTC, btc)).toBe(false);
    for (const changed of mutations(btc, BECH32, 4))
      expect(isValidAddress(BTC, changed), changed).toBe(false);
    const ltc = deriveDepositAddress(
      'litecoin',
      parseExtendedPublicKey(PUBLIC_TEST_DEPOSIT_XPUBS.LITECOIN),
      0,
    );
    expect(isValidAddress(BTC, ltc)).toBe(false);
    for (const changed of mutations(ltc, BECH32, 5))
      expect(isValidAddress(LTC, changed), changed).toBe(false);
  });
});

describe('base58check addresses per network', () => {
  // Bitcoin's genesis coinbase address (P2PKH, version 0x00) and BIP13's P2SH example (0x05).
  const GENESIS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
  const P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
  // USDT's TRC-20 contract on TRON, a published address (0x41 + 20 bytes).
  const TRON_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  // XRP Ledger's genesis account and its documented special addresses.
  const XRP_GENESIS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
  const XRP_ONE = 'rrrrrrrrrrrrrrrrrrrrBZbvji';

  it('accepts known addresses on their own network only', () => {
    expect(isValidAddress(BTC, GENESIS)).toBe(true);
    expect(isValidAddress(BTC, P2SH)).toBe(true);
    expect(isValidAddress(LTC, P2SH)).toBe(true); // Litecoin's legacy P2SH version is Bitcoin's 0x05
    expect(isValidAddress(LTC, GENESIS)).toBe(false);
    expect(isValidAddress(DOGE, GENESIS)).toBe(false);
    expect(isValidAddress(TRON, GENESIS)).toBe(false);
    expect(isValidAddress(TRON, TRON_USDT)).toBe(true);
    expect(isValidAddress(BTC, TRON_USDT)).toBe(false);
    expect(isValidAddress(XRP, XRP_GENESIS)).toBe(true);
    expect(isValidAddress(XRP, XRP_ONE)).toBe(true);
    expect(isValidAddress(XRP, GENESIS)).toBe(false);
  });

  it('refuses each known address with one character changed', () => {
    for (const [currency, address, alphabet] of [
      [BTC, GENESIS, BASE58],
      [BTC, P2SH, BASE58],
      [TRON, TRON_USDT, BASE58],
      [XRP, XRP_GENESIS, XRP_ALPHABET],
    ] as const) {
      for (const changed of mutations(address, alphabet)) {
        expect(isValidAddress(currency, changed), changed).toBe(false);
      }
    }
  });

  it('checks the version bytes of Litecoin (0x30, 0x32) and Dogecoin (0x1e, 0x16)', () => {
    const doge = deriveDepositAddress(
      'dogecoin',
      parseExtendedPublicKey(PUBLIC_TEST_DEPOSIT_XPUBS.DOGECOIN),
      0,
    );
    expect(isValidAddress(DOGE, doge)).toBe(true);
    expect(isValidAddress(BTC, doge)).toBe(false);
    for (const changed of mutations(doge, BASE58)) expect(isValidAddress(DOGE, changed), changed).toBe(false);
    // Litecoin's L… (0x30) and M… (0x32) and Dogecoin's A…/9… (0x16) forms, encoded from one hash.
    const hash = '62e907b15cbf27d5425399ebf6f0fb50ebb88f18';
    expect(isValidAddress(LTC, base58checkOf(0x30, hash))).toBe(true);
    expect(isValidAddress(LTC, base58checkOf(0x32, hash))).toBe(true);
    expect(isValidAddress(DOGE, base58checkOf(0x16, hash))).toBe(true);
    expect(isValidAddress(DOGE, base58checkOf(0x30, hash))).toBe(false);
    expect(base58checkOf(0x00, hash)).toBe(GENESIS);
  });

  it('checks Solana addresses decode to 32 bytes', () => {
    expect(isValidAddress(SOL, '11111111111111111111111111111111')).toBe(true); // the system program
    expect(isValidAddress(SOL, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
    expect(isValidAddress(SOL, '1111111111111111111111111111111')).toBe(false);
    expect(isValidAddress(SOL, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0')).toBe(false);
  });
});

function base58checkOf(version: number, hash: string): string {
  return base58check.encode(Uint8Array.of(version, ...hex.decode(hash)));
}
