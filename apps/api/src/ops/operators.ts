import { parseArgs } from 'node:util';
import type { Db } from '@exchange/kernel/db';
import { createOperator, disableOperator, OPERATOR_ROLES, setOperatorRole } from '../modules/admin';

type Command = (prisma: Db, args: string[]) => Promise<unknown>;

/** The first line of standard input (a password piped in, so it never shows in the process list). */
async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]?.trim() ?? '';
}

const roles = OPERATOR_ROLES.join('|');

/**
 * Operators made or changed from the shell: the first admin, automation, and the way back in when no admin
 * can sign in (the console's admins do the same at /admin/operators, within its rules). `operator:create`
 * prints a one-time password (or takes one from standard input with --password-stdin).
 */
export const operatorCommands: Record<string, Command> = {
  'operator:create': async (prisma, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { 'password-stdin': { type: 'boolean', default: false } },
    });
    const [login, role] = positionals;
    if (!login || !role) throw new Error(`operator:create LOGIN ${roles} [--password-stdin]`);
    const password = values['password-stdin'] ? await readStdinLine() : undefined;
    const created = await createOperator(prisma, { login, role, password });
    return values['password-stdin'] ? { ...created, password: '(from standard input)' } : created;
  },
  'operator:role': (prisma, args) => {
    const [login, role] = args;
    if (!login || !role) throw new Error(`operator:role LOGIN ${roles}`);
    return setOperatorRole(prisma, login, role);
  },
  'operator:disable': (prisma, args) => {
    const [login] = args;
    if (!login) throw new Error('operator:disable LOGIN');
    return disableOperator(prisma, login);
  },
};
