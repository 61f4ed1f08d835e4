import type { HDKey } from '@scure/bip32';
import { parseExtendedPublicKey, type Config } from '@exchange/kernel/config';
import { KEY_FAMILY, keyFingerprint, type NetworkName } from './addresses';

/** A network's deposit key: the operator's account extended public key and its BIP32 fingerprint. */
export interface DepositKey {
  key: HDKey;
  fingerprint: string;
}

/** The deposit key of each network that has one configured; a network missing here has deposits closed. */
export type DepositKeys = Partial<Record<NetworkName, DepositKey>>;

const parsed = new WeakMap<Config['DEPOSIT_XPUBS'], DepositKeys>();

/** Parsed once per configuration (which already refused a bad key at start, with its reason). */
export function depositKeys(xpubs: Config['DEPOSIT_XPUBS']): DepositKeys {
  const known = parsed.get(xpubs);
  if (known) return known;
  const keys: DepositKeys = {};
  for (const [network, family] of Object.entries(KEY_FAMILY) as [NetworkName, keyof typeof xpubs | null][]) {
    const text = family ? xpubs[family] : '';
    if (!text) continue;
    const key = parseExtendedPublicKey(text);
    keys[network] = { key, fingerprint: keyFingerprint(key) };
  }
  parsed.set(xpubs, keys);
  return keys;
}
