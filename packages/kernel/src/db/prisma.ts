import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../generated/prisma/client';

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

export function createPrisma(databaseUrl: string, maxConnections = 10): PrismaClient {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl, max: maxConnections }),
  });
  return withoutImpossibleLookups(client);
}

type FieldTypes = Map<string, Map<string, string>>;

const INT4_LIMIT = 2 ** 31;
const INT8_LIMIT = 2n ** 63n;

/** Whether a column of this Prisma type can hold the value (values of other kinds are Prisma's to judge). */
function fits(type: string, value: unknown): boolean {
  if (type === 'Int' && typeof value === 'number')
    return Number.isInteger(value) && value >= -INT4_LIMIT && value < INT4_LIMIT;
  if (type === 'BigInt' && typeof value === 'number') return Number.isSafeInteger(value);
  if (type === 'BigInt' && typeof value === 'bigint') return value >= -INT8_LIMIT && value < INT8_LIMIT;
  // Postgres text cannot hold NUL, and refuses a query that compares with it.
  if (type === 'String' && typeof value === 'string') return !value.includes('\u0000');
  return true;
}

/** Whether a unique lookup's `where` names a value its column cannot hold, so no row can match it. */
function namesImpossibleValue(fields: Map<string, string>, where: Record<string, unknown>): boolean {
  return Object.entries(where).some(([name, value]) => {
    const type = fields.get(name);
    if (type !== undefined) return !fits(type, value);
    // A compound key (`legal_id_currency_id: { legal_id, currency_id }`) names fields of the same model.
    return (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      namesImpossibleValue(fields, value as Record<string, unknown>)
    );
  });
}

/**
 * Prisma batches the `findUnique` calls of one tick into one query, so a single value its column cannot
 * hold (an id beyond INTEGER, a NUL in a name) failed every lookup batched with it, other requests' too.
 * Such a lookup can match no row: it answers nothing (`findUniqueOrThrow`: not found) without joining the
 * batch. Request schemas refuse these values first; this keeps any other path from hurting the batch.
 */
function withoutImpossibleLookups(client: PrismaClient): PrismaClient {
  const { models } = (client as unknown as { _runtimeDataModel: { models: Record<string, RuntimeModel> } })
    ._runtimeDataModel;
  const fieldTypes: FieldTypes = new Map(
    Object.entries(models).map(([model, { fields }]) => [
      model,
      new Map(fields.filter((field) => field.kind === 'scalar').map((field) => [field.name, field.type])),
    ]),
  );
  const impossible = (model: string, args: { where?: unknown }) =>
    namesImpossibleValue(
      fieldTypes.get(model) ?? new Map<string, string>(),
      (args.where ?? {}) as Record<string, unknown>,
    );
  return client.$extends({
    query: {
      $allModels: {
        findUnique: ({ model, args, query }) =>
          impossible(model, args) ? Promise.resolve(null) : query(args),
        findUniqueOrThrow: ({ model, args, query }) =>
          impossible(model, args)
            ? Promise.reject(
                new Prisma.PrismaClientKnownRequestError(`No ${model} found`, {
                  code: 'P2025',
                  clientVersion: Prisma.prismaVersion.client,
                }),
              )
            : query(args),
      },
    },
  }) as unknown as PrismaClient;
}

interface RuntimeModel {
  fields: { name: string; kind: string; type: string }[];
}

/** A write refused by a unique index: the database's answer to two requests racing for the same row. */
export const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
