/**
 * A signer process that kills itself (SIGKILL, as `kill -9` or a lost machine would) at one named point of
 * its round, so the crash tests restart from exactly what a dead process leaves in the database and on the
 * chain. Started by the signer fixture's `crashSigner`; exits 0 only if the point never came.
 */
import type { EvmNetwork } from '@exchange/kernel/config';
import { createPrisma } from '@exchange/kernel/db';
import { openSigner, signerRound, type SignerPoint } from '../../apps/api/src/modules/wallet';

/** What the fixture hands the process (SIGNER_CRASH_SETUP, JSON). */
export interface CrashSetup {
  databaseUrl: string;
  network: EvmNetwork;
  hotKey: `0x${string}`;
  stuckBlocks: number;
  maxFeePerGasWei: string;
  at: SignerPoint;
}

const setup = JSON.parse(process.env.SIGNER_CRASH_SETUP ?? '') as CrashSetup;
const prisma = createPrisma(setup.databaseUrl, 2);
const signer = await openSigner({
  prisma,
  network: setup.network,
  signer: {
    key: { fromEnvironment: () => setup.hotKey },
    stuckBlocks: setup.stuckBlocks,
    maxFeePerGasWei: BigInt(setup.maxFeePerGasWei),
  },
  production: false,
  log: (fields, message) => console.error(message, fields),
  at: (point) => {
    if (point === setup.at) process.kill(process.pid, 'SIGKILL');
  },
});
for (let round = 0; round < 3; round += 1) await signerRound(signer);
await prisma.$disconnect();
