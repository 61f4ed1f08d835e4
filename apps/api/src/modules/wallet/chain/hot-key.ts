import { readFile, stat } from 'node:fs/promises';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { HOT_KEY_PATTERN, type HotKeySource } from '@exchange/kernel/config';

/** Group or others may read or write it: a key file must be its owner's alone (chmod 600). */
const SHARED_MODE_BITS = 0o077;

/**
 * The key in a key file. Production refuses a file others can read: a leaked hot key empties the hot wallet.
 * Errors name the file and what is wrong with it, never its content.
 */
async function readKeyFile(path: string, production: boolean): Promise<`0x${string}`> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new Error(`EVM_HOT_WALLET_KEY_FILE: no file at ${path}`);
  if (production && (info.mode & SHARED_MODE_BITS) !== 0) {
    const mode = (info.mode & 0o777).toString(8);
    throw new Error(
      `EVM_HOT_WALLET_KEY_FILE ${path} may be read by other users (mode ${mode}): chmod 600 it, owned by the signer's user`,
    );
  }
  const text = (await readFile(path, 'utf8')).trim();
  if (!HOT_KEY_PATTERN.test(text))
    throw new Error(
      `EVM_HOT_WALLET_KEY_FILE ${path} does not hold a private key (one line: 0x + 64 hex digits)`,
    );
  return text as `0x${string}`;
}

/** The hot wallet's signing account, from its key file or the environment. */
export async function loadHotAccount(source: HotKeySource, production: boolean): Promise<PrivateKeyAccount> {
  const key = 'file' in source ? await readKeyFile(source.file, production) : source.fromEnvironment();
  return privateKeyToAccount(key);
}
