import { readFileSync } from 'node:fs';
import internals from '@prisma/internals';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

/**
 * `prisma migrate` cannot run here, so migrations are hand-written SQL. This proves the migrated database is
 * exactly what schema.prisma describes: tables, columns, types, nullability, defaults, unique and plain
 * indexes, and foreign keys. Prisma cannot declare a partial index: schema.prisma names each one in a comment,
 * `// partial index: <table>(<columns>) WHERE <predicate as Postgres prints it>`, and the test holds the
 * database to those comments like to the rest.
 */
let ctx: TestContext;
let db: pg.Client;
beforeAll(async () => {
  ctx = await createTestContext();
  db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await ctx.close();
});

type Model = Awaited<ReturnType<typeof internals.getDMMF>>['datamodel']['models'][number];

function expectedType(field: Model['fields'][number]): string {
  const [native, args = []] = (field.nativeType ?? []) as [string, string[]] | [];
  switch (native) {
    case 'VarChar':
      return `character varying(${args[0]})`;
    case 'Char':
      return `character(${args[0]})`;
    case 'Decimal':
      return `numeric(${args.join(',')})`;
    case 'Timestamptz':
      return `timestamp with time zone(${args[0] ?? 6})`;
    case 'Date':
      return 'date';
    default:
      return (
        {
          Int: 'integer',
          BigInt: 'bigint',
          String: 'text',
          Boolean: 'boolean',
          DateTime: 'timestamp without time zone(3)',
          Decimal: 'numeric(65,30)',
          Json: 'jsonb',
        }[field.type] ?? field.type
      );
  }
}

describe('migrations match schema.prisma', () => {
  it('has the same tables, columns, constraints and indexes', async () => {
    const schema = readFileSync('prisma/schema.prisma', 'utf8');
    const dmmf = await internals.getDMMF({ datamodel: schema });
    const models = dmmf.datamodel.models;
    const tableOf = (model: Model) => model.dbName ?? model.name;
    const modelByName = new Map(models.map((model) => [model.name, model]));

    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'",
    );
    expect(tables.rows.map((row) => row.table_name).sort()).toEqual(models.map(tableOf).sort());

    const columns = await db.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      character_maximum_length: number | null;
      numeric_precision: number | null;
      numeric_scale: number | null;
      datetime_precision: number | null;
      is_nullable: string;
      column_default: string | null;
    }>("SELECT * FROM information_schema.columns WHERE table_schema = 'public'");
    const describe = (row: (typeof columns.rows)[number]) => {
      if (row.data_type === 'character varying' || row.data_type === 'character')
        return `${row.data_type}(${row.character_maximum_length})`;
      if (row.data_type === 'numeric') return `numeric(${row.numeric_precision},${row.numeric_scale})`;
      if (row.data_type.startsWith('timestamp')) return `${row.data_type}(${row.datetime_precision})`;
      return row.data_type;
    };

    const indexes = await db.query<{
      table: string;
      unique: boolean;
      primary: boolean;
      columns: string[];
      predicate: string | null;
    }>(`
      SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
             array_agg(a.attname::text ORDER BY k.ord) AS columns, pg_get_expr(ix.indpred, ix.indrelid) AS predicate
      FROM pg_index ix
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname <> '_prisma_migrations'
      GROUP BY t.relname, ix.indexrelid, ix.indisunique, ix.indisprimary, ix.indpred, ix.indrelid`);
    const foreignKeys = await db.query<{
      table: string;
      columns: string[];
      target: string;
      target_columns: string[];
    }>(`
      SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS target,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
        (SELECT array_agg(a.attname::text ORDER BY k.ord) FROM unnest(c.confkey) WITH ORDINALITY k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS target_columns
      FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`);
    const indexKey = (table: string, cols: readonly string[], kind: string) =>
      `${table}(${cols.join(',')}) ${kind}`;
    const actualIndexes = new Set(
      indexes.rows.map((row) => {
        const key = indexKey(
          row.table,
          row.columns,
          row.primary ? 'primary' : row.unique ? 'unique' : 'index',
        );
        return row.predicate ? `${key} WHERE ${row.predicate}` : key;
      }),
    );
    const expectedIndexes = new Set<string>(
      [...schema.matchAll(/^\/\/ partial index: (\w+)\(([^)]+)\) WHERE (.+)$/gm)].map(
        ([, table = '', columns = '', predicate]) =>
          `${indexKey(
            table,
            columns.split(',').map((column) => column.trim()),
            'index',
          )} WHERE ${predicate}`,
      ),
    );
    const expectedForeignKeys: string[] = [];

    for (const model of models) {
      const table = tableOf(model);
      const scalars = model.fields.filter((field) => field.kind === 'scalar');
      const actual = columns.rows.filter((row) => row.table_name === table);
      expect(actual.map((row) => row.column_name).sort(), table).toEqual(
        scalars.map((field) => field.dbName ?? field.name).sort(),
      );
      for (const field of scalars) {
        const row = actual.find((candidate) => candidate.column_name === (field.dbName ?? field.name));
        const where = `${table}.${field.name}`;
        expect(row && describe(row), where).toBe(expectedType(field));
        expect(row?.is_nullable, where).toBe(field.isRequired ? 'NO' : 'YES');
        expect(row?.column_default !== null, `${where} default`).toBe(field.hasDefaultValue);
        if (field.isId) expectedIndexes.add(indexKey(table, [field.name], 'primary'));
        if (field.isUnique) expectedIndexes.add(indexKey(table, [field.name], 'unique'));
      }
      for (const fields of model.uniqueFields) expectedIndexes.add(indexKey(table, fields, 'unique'));
      if (model.primaryKey) expectedIndexes.add(indexKey(table, model.primaryKey.fields, 'primary'));
      for (const field of model.fields) {
        if (field.kind !== 'object' || !field.relationFromFields?.length) continue;
        const target = modelByName.get(field.type);
        if (!target) throw new Error(`unknown relation target ${field.type}`);
        expectedForeignKeys.push(
          `${table}(${field.relationFromFields.join(',')}) -> ${tableOf(target)}(${field.relationToFields?.join(',')})`,
        );
      }
    }
    for (const index of dmmf.datamodel.indexes) {
      const model = modelByName.get(index.model);
      if (!model || index.isDefinedOnField) continue;
      const kind = index.type === 'id' ? 'primary' : index.type === 'unique' ? 'unique' : 'index';
      expectedIndexes.add(
        indexKey(
          tableOf(model),
          index.fields.map((field) => field.name),
          kind,
        ),
      );
    }

    expect([...actualIndexes].sort()).toEqual([...expectedIndexes].sort());
    expect(
      foreignKeys.rows
        .map(
          (row) => `${row.table}(${row.columns.join(',')}) -> ${row.target}(${row.target_columns.join(',')})`,
        )
        .sort(),
    ).toEqual(expectedForeignKeys.sort());
  });

  it('refuses a negative balance in any wallet column', async () => {
    const [wallet] = (await db.query<{ id: number }>('SELECT id FROM wallets LIMIT 1')).rows;
    expect(wallet).toBeDefined();
    await expect(
      db.query('UPDATE wallets SET lock_micro_balance = -1 WHERE id = $1', [wallet?.id]),
    ).rejects.toThrow(/wallets_no_negative_balance/);
  });
});
