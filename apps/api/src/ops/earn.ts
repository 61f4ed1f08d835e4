import { parseArgs } from 'node:util';
import type { Config } from '@exchange/kernel/config';
import { prismaSql, type Db } from '@exchange/kernel/db';
import { COMMAND_LINE, trailOf } from '../modules/admin';
import { pointsOperator } from '../modules/points';
import { openPlans, savePlan } from '../modules/savings';

type Command = (prisma: Db, args: string[], config: Config) => Promise<unknown>;

/** Operator commands of the earn areas: topping up a sandbox partner account, and the savings plans. */
export const earnCommands: Record<string, Command> = {
  'points:grant': (prisma, args, config) => {
    const [account, points] = args;
    if (!account || !points || args.length !== 2)
      throw new Error('points:grant SANDBOX_ACCOUNT POINTS (points with at most 2 decimals)');
    // The console's action and rules (the sandbox partner only, never in production), its trail line the
    // command line's. A refusal (an AppError) is printed in words by cli.ts.
    return pointsOperator.topUpSandboxAccount(
      prisma,
      config,
      { account, points, reason: '' },
      trailOf(COMMAND_LINE),
    );
  },
  'savings:plans': async (prisma) => openPlans(prismaSql(prisma)),
  'savings:plan': async (prisma, args) => {
    const { values } = parseArgs({
      args,
      options: {
        id: { type: 'string' },
        currency: { type: 'string' },
        day: { type: 'string' },
        rate: { type: 'string' },
        min: { type: 'string' },
        close: { type: 'boolean', default: false },
      },
    });
    if (!values.currency || !values.day || !values.rate || !values.min)
      throw new Error('savings:plan --currency USDT --day 30 --rate 1 --min 10 [--id N] [--close]');
    const id = await savePlan(prismaSql(prisma), {
      id: values.id === undefined ? undefined : Number(values.id),
      currency: values.currency,
      day: Number(values.day),
      rate: values.rate,
      saveMin: values.min,
      open: !values.close,
    });
    return { id };
  },
};
