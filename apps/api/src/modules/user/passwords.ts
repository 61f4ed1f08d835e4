import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its recommended memory-hard parameters.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

// Verifying against a real hash when the account is unknown keeps both answers equally slow.
const decoyHash = hash('decoy-password-for-unknown-accounts', OPTIONS);

export async function verifySecret(storedHash: string | null | undefined, secret: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoyHash, secret);
    return false;
  }
  return verify(storedHash, secret);
}
