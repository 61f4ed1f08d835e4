import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { AREA_RANK, boundariesPlugin } from '../eslint-boundaries.js';

/**
 * The architecture's boundaries are held by lint (`exchange/boundaries`, eslint-boundaries.js): these lint
 * small snippets as if they were files at the given paths, and expect the rule's errors (or none).
 */
const root = resolve(import.meta.dirname, '..');
const onlyBoundaries = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { exchange: boundariesPlugin },
      rules: { 'exchange/boundaries': 'error' },
    },
  ],
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await onlyBoundaries.lintText(code, { filePath: resolve(root, file) });
  if (!result) throw new Error('ESLint answered nothing');
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((message) => message.message).join('\n'));
  return result.messages.map((message) => message.message);
}

describe('the boundaries lint rule', () => {
  it('is on for every area of the repository in the real configuration', async () => {
    const real = new ESLint({ cwd: root });
    for (const file of [
      'apps/api/src/modules/spot/place-order.ts',
      'apps/api/src/app.ts',
      'workers/src/matcher/matcher.ts',
      'packages/kernel/src/ledger/audit.ts',
      'apps/web/src/features/exchange/api.ts',
      'bench/ledger.bench.ts',
      'prisma/seed/index.ts',
      'apps/exchange/src/main.ts',
    ]) {
      const config = (await real.calculateConfigForFile(resolve(root, file))) as {
        rules?: Record<string, unknown>;
      };
      expect(config.rules?.['exchange/boundaries'], file).toEqual([2]);
    }
  });

  it('refuses a module importing a file inside another module, and says to use its index', async () => {
    expect(
      await problems('apps/api/src/modules/spot/x.ts', "import { a } from '../wallet/transfer';"),
    ).toEqual([expect.stringContaining("Import '../wallet' (its index.ts)")]);
    expect(
      await problems(
        'apps/api/src/modules/lever/x.ts',
        "import { a } from '@exchange/api/modules/spot/fees';",
      ),
    ).toEqual([expect.stringContaining("Module 'lever' may not import a file inside module 'spot'")]);
    expect(
      await problems(
        'apps/api/src/modules/lever/x.ts',
        "import { a } from '../wallet';\nimport { b } from './fees';\nimport { c } from '@exchange/contracts';",
      ),
    ).toEqual([]);
  });

  it('orders the folders of the API: http and realtime below the areas, the areas below the console', async () => {
    for (const [file, code] of [
      ['apps/api/src/http/auth.ts', "import { a } from '../modules/user';"],
      ['apps/api/src/http/fastify.d.ts', "import type { Messenger } from '../modules/verification';"],
      ['apps/api/src/realtime/socket.ts', "import { a } from '../modules/user';"],
    ]) {
      expect(await problems(file ?? '', code ?? ''), file).toEqual([
        expect.stringContaining('http/ and realtime/ may not import'),
      ]);
    }
    expect(await problems('apps/api/src/http/x.ts', "import { a } from '../app';")).toEqual([
      expect.stringContaining('http/ and realtime/ may not import app.ts or ops'),
    ]);
    expect(await problems('apps/api/src/modules/wallet/x.ts', "import { a } from '../admin';")).toEqual([
      expect.stringContaining('an area may not import the console'),
    ]);
    expect(await problems('apps/api/src/modules/admin/x.ts', "import { a } from '../../ops/users';")).toEqual(
      [expect.stringContaining('the console (modules/admin) may not import app.ts or ops')],
    );
    expect(
      await problems(
        'apps/api/src/modules/admin/x.ts',
        "import { a } from '../wallet';\nimport { b } from '../../http/auth';\nimport { c } from '../../realtime/socket';",
      ),
    ).toEqual([]);
    expect(
      await problems('apps/api/src/realtime/socket.ts', "import { a } from '../http/session-cache';"),
    ).toEqual([]);
    expect(await problems('apps/api/src/app.ts', "import { a } from './modules/admin';")).toEqual([]);
  });

  it('ranks the areas, so that two areas never import each other', async () => {
    expect(await problems('apps/api/src/modules/verification/x.ts', "import { a } from '../user';")).toEqual([
      expect.stringContaining("Area 'verification' ranks below area 'user'"),
    ]);
    expect(await problems('apps/api/src/modules/user/x.ts', "import { a } from '../verification';")).toEqual(
      [],
    );
    expect(
      await problems(
        'apps/api/src/modules/spot/x.ts',
        "import type { Wallet } from '@exchange/api/modules/wallet';",
      ),
    ).toEqual([expect.stringContaining("Area 'spot' ranks below area 'wallet'")]);
    expect(await problems('apps/api/src/modules/brand-new/x.ts', "import { a } from '../user';")).toEqual([
      expect.stringContaining("Area 'brand-new' has no rank: add it to AREA_RANK"),
    ]);
    // Every area of the tree has its rank.
    const areas = readdirSync(resolve(root, 'apps/api/src/modules')).filter((name) => name !== 'admin');
    expect(areas.filter((area) => !AREA_RANK.includes(area))).toEqual([]);
  });

  it('keeps the seed out of the API at run time (only ops runs it)', async () => {
    expect(
      await problems(
        'apps/api/src/modules/user/x.ts',
        "import { ROOT_INVITE_CODE } from '../../../../../prisma/seed';",
      ),
    ).toEqual([expect.stringContaining('may not import the seed')]);
    expect(
      await problems('apps/api/src/ops/cli.ts', "import { seedDatabase } from '../../../../prisma/seed';"),
    ).toEqual([]);
  });

  it('refuses workers, ops, seed, bench and the entry importing module files other than an index', async () => {
    const deep = [
      ['workers/src/matcher/matcher.ts', "import { a } from '@exchange/api/modules/spot/settle-batch';"],
      ['workers/src/lever/risk.ts', "import { a } from '../../../apps/api/src/modules/lever/liquidate';"],
      ['apps/api/src/ops/wallet.ts', "import { a } from '../modules/wallet/withdraw';"],
      ['prisma/seed/index.ts', "import { a } from '../../apps/api/src/modules/wallet/deposit';"],
      ['bench/spot/spot.bench.ts', "import { a } from '../../apps/api/src/modules/user/sessions';"],
      ['apps/exchange/src/main.ts', "import { a } from '@exchange/api/modules/verification/messenger';"],
    ];
    for (const [file, code] of deep) {
      expect(await problems(file ?? '', code ?? ''), file).toEqual([expect.stringContaining('index')]);
    }
    expect(
      await problems(
        'workers/src/matcher/matcher.ts',
        "import { a } from '@exchange/api/modules/spot';\nimport { b } from '@exchange/kernel/db';\nimport { c } from './batcher';",
      ),
    ).toEqual([]);
    // The areas' composition (the ledger audit the workers run) is theirs to import; the app is not.
    expect(
      await problems('workers/src/configured.ts', "import { auditExchange } from '@exchange/api/areas';"),
    ).toEqual([]);
    expect(
      await problems('workers/src/configured.ts', "import { buildApp } from '@exchange/api/app';"),
    ).toEqual([expect.stringContaining('composition')]);
  });

  it('refuses the API importing workers or the entry above it, and the kernel importing apps', async () => {
    expect(
      await problems('apps/api/src/app.ts', "import { startWorkers } from '@exchange/workers';"),
    ).toEqual([expect.stringContaining('workers and apps/exchange start the API')]);
    expect(
      await problems('apps/api/src/modules/spot/x.ts', "import { a } from '../../../../exchange/src/main';"),
    ).toEqual([expect.stringContaining('apps/api may not import')]);
    expect(
      await problems(
        'packages/kernel/src/ledger/audit.ts',
        "import { spotAudit } from '@exchange/api/modules/spot';",
      ),
    ).toEqual([expect.stringContaining('packages/kernel sits below every app')]);
    expect(
      await problems('packages/kernel/src/ledger/x.ts', "import { a } from '../../../../workers/src';"),
    ).toEqual([expect.stringContaining('packages/kernel sits below every app')]);
    expect(
      await problems('packages/engine/src/x.ts', "import { a } from '@exchange/kernel/ledger';"),
    ).toEqual([expect.stringContaining('pure matching engine')]);
    expect(
      await problems('packages/contracts/src/x.ts', "import { a } from '@exchange/kernel/ledger';"),
    ).toEqual([expect.stringContaining('zod schemas and types only')]);
  });

  it('refuses server code in the web client, and values (not types) from the contracts', async () => {
    const file = 'apps/web/src/features/exchange/api.ts';
    for (const specifier of [
      '@exchange/kernel/ledger',
      '@exchange/api/modules/spot',
      '@exchange/workers',
      '../../../../api/src/app',
    ]) {
      expect(await problems(file, `import { a } from '${specifier}';`), specifier).toEqual([
        expect.stringContaining('may not import server code'),
      ]);
    }
    expect(await problems(file, "import { quotation } from '@exchange/contracts';")).toEqual([
      expect.stringContaining('import type'),
    ]);
    expect(
      await problems(
        file,
        "import type { Quotation } from '@exchange/contracts';\nimport { api } from '../../lib/api';\nimport { book } from './book';",
      ),
    ).toEqual([]);
  });

  it('refuses a client feature importing another feature', async () => {
    expect(
      await problems(
        'apps/web/src/features/home/HomePage.tsx',
        "import { useMarket } from '../exchange/api';",
      ),
    ).toEqual([expect.stringContaining("Feature 'home' may not import feature 'exchange'")]);
    expect(
      await problems(
        'apps/web/src/features/home/HomePage.tsx',
        "import { useQuotations } from '../../api/markets';",
      ),
    ).toEqual([]);
  });

  it('lets tests reach internals', async () => {
    expect(
      await problems(
        'apps/api/src/modules/spot/x.test.ts',
        "import { a } from '../wallet/transfer';\nimport { b } from '../../../../../workers/src/matcher/matcher';",
      ),
    ).toEqual([]);
    expect(
      await problems('test/harness.ts', "import { Matcher } from '../workers/src/matcher/matcher';"),
    ).toEqual([]);
  });
});
