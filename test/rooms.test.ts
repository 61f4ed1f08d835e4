import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/**
 * The shape of the rooms (issue 27), held by tests where lint cannot see it: every route answers through a
 * declared schema, the console changes only its own tables, and every area names what it exports.
 */
const root = resolve(import.meta.dirname, '..');
const modules = join(root, 'apps/api/src/modules');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the rooms of the API', () => {
  it('declare a response schema on every /api route', async () => {
    await ctx.app.ready();
    const document = ctx.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const declared = Object.values(operation.responses ?? {}).some((response) => response.content);
        if (path.startsWith('/api/') && !declared) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('let the console write only the operators’ own tables (the areas change theirs through operator actions)', () => {
    const own = /^(operator|operatorSession|operatorAuditTrail)$/;
    const writes: string[] = [];
    for (const file of sourcesUnder(join(modules, 'admin'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /\b(?:prisma|tx|db|client)\.([a-zA-Z0-9]+)\.(?:create|createMany|update|updateMany|upsert|delete|deleteMany|updateManyAndReturn|createManyAndReturn)\b/g,
      )) {
        if (!own.test(match[1] ?? '')) writes.push(`${relative(root, file)}: ${match[0]}`);
      }
      for (const match of text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+"?([a-z_]+)"?\s/g)) {
        if (!/^operator/.test(match[1] ?? '') && match[1] !== 'moves')
          writes.push(`${relative(root, file)}: ${match[0]}`);
      }
    }
    expect(writes).toEqual([]);
  });

  it('register routes only in an area’s routes/ folder (where the 60-line lint limit holds them thin)', () => {
    const elsewhere = sourcesUnder(modules)
      .filter((file) => !file.includes('/routes/') && !file.endsWith('test-helpers.ts'))
      .filter((file) =>
        /\.(?:get|post|put|delete|patch)\(\s*['`]\/api\/|\.route\(\{/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => relative(root, file));
    expect(elsewhere).toEqual([]);
  });

  it('name what each area exports (no export * barrels)', () => {
    const barrels = readdirSync(modules)
      .map((area) => join(modules, area, 'index.ts'))
      .filter((index) => /^export \* from/m.test(readFileSync(index, 'utf8')))
      .map((index) => relative(root, index));
    expect(barrels).toEqual([]);
  });
});
