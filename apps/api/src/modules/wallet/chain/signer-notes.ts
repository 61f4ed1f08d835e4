import { signerNoteSchema, type SignerNote } from '@exchange/contracts';

/** A note as stored in `chain_withdrawals.note` ('' for none). */
export const noteText = (note: SignerNote | null): string => (note ? JSON.stringify(note) : '');

/** A stored note, or null (none, or one this version does not know). */
export function readNote(text: string): SignerNote | null {
  if (!text) return null;
  try {
    const parsed = signerNoteSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A node's refusal, shortened for the console (viem's messages carry the request and a docs link). */
export function nodeNote(error: unknown): SignerNote {
  const message =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error);
  return { kind: 'node', message: message.split('\n')[0]!.slice(0, 300) };
}
