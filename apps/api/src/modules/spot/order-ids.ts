import type pg from 'pg';

/** Ids drawn from the orders' sequence at once: one round trip to Postgres per this many orders. */
const BLOCK = 512;

/**
 * Order ids for a process that sends placements: drawn from `spot_orders`' own sequence in blocks, so an id is
 * never given twice (by any process) and the row the matcher writes later takes exactly this id. An id given
 * out and never used (the process stopped) is a gap, which the sequence allows anyway. The next block is
 * drawn while half of this one is left, so a request rarely waits for it.
 */
export class OrderIds {
  private ids: string[] = [];
  private refill: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly block = BLOCK,
  ) {}

  async next(): Promise<string> {
    while (this.ids.length === 0) await this.draw();
    if (this.ids.length < this.block / 2) void this.draw().catch(() => undefined);
    return this.ids.shift() as string;
  }

  private draw(): Promise<void> {
    this.refill ??= this.pool
      .query<{ id: string }>(
        `SELECT nextval(pg_get_serial_sequence('spot_orders', 'id'))::text AS id FROM generate_series(1, $1)`,
        [this.block],
      )
      .then(({ rows }) => {
        this.ids.push(...rows.map((row) => row.id));
      })
      .finally(() => {
        this.refill = undefined;
      });
    return this.refill;
  }
}
