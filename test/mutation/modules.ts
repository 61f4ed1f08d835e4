/**
 * The modules that move money or decide a price, each with the files Stryker mutates and the test files that
 * own them (`npm run mutate -- <name>`, see scripts/mutate.ts). A mutant only counts as caught when one of the
 * module's own test files notices it.
 */
export interface MutationModule {
  name: string;
  /** What it covers, for the summary. */
  title: string;
  /** Source files (Stryker `mutate` patterns, a `file:line-line` range narrows to those lines). */
  mutate: string[];
  /** The test files that own the module. */
  tests: string[];
}

/** The environment variable that names the module under test to test/mutation/vitest.config.ts. */
export const MUTATION_MODULE_VARIABLE = 'MUTATION_MODULE';

export const MUTATION_MODULES: MutationModule[] = [
  // The ledger in two: every mutant re-runs integration tests that each start a database and the app, and
  // one module of all five files took over an hour and a half on a shared machine.
  {
    name: 'ledger',
    title: 'ledger: money, scaled money, writer, batch writer',
    mutate: [
      'packages/kernel/src/ledger/money.ts',
      'packages/kernel/src/ledger/scaled.ts',
      'packages/kernel/src/ledger/writer.ts',
    ],
    tests: ['packages/kernel/src/ledger/*.test.ts'],
  },
  {
    name: 'ledger-audit',
    title: 'ledger: shorthands, house balance, audit',
    mutate: [
      'packages/kernel/src/ledger/ledger.ts',
      'packages/kernel/src/ledger/audit.ts',
      'packages/kernel/src/ledger/house.ts',
    ],
    tests: ['packages/kernel/src/ledger/*.test.ts'],
  },
  {
    name: 'p2p',
    title: 'escrow transitions of c2c orders and seller shops',
    mutate: ['apps/api/src/modules/c2c/orders.ts', 'apps/api/src/modules/c2c/rules.ts'],
    tests: [
      'apps/api/src/modules/c2c/transitions.test.ts',
      'apps/api/src/modules/c2c/c2c.test.ts',
      'apps/api/src/modules/c2c/shop.test.ts',
    ],
  },
  {
    name: 'lever',
    title: 'lever risk and liquidation',
    mutate: [
      'apps/api/src/modules/lever/risk.ts',
      'apps/api/src/modules/lever/risk-book.ts',
      'apps/api/src/modules/lever/mark-price.ts',
      'apps/api/src/modules/lever/liquidate.ts',
      // Where a stop fires and an entrust opens is decided here, in SQL under lock (the book only proposes).
      'apps/api/src/modules/lever/fire-stops.ts',
      'apps/api/src/modules/lever/activate-entrusts.ts',
    ],
    tests: [
      'apps/api/src/modules/lever/risk.test.ts',
      'apps/api/src/modules/lever/lever.test.ts',
      'apps/api/src/modules/lever/exposure.test.ts',
      'apps/api/src/modules/lever/mark-price.test.ts',
    ],
  },
  {
    name: 'engine',
    title: 'matching engine',
    mutate: [
      'packages/engine/src/order-book.ts',
      'packages/engine/src/book-side.ts',
      'packages/engine/src/price-level.ts',
      'packages/engine/src/order-index.ts',
      'packages/engine/src/sorted-levels.ts',
      'packages/engine/src/validate.ts',
    ],
    // The differential test (28 random streams of 5,000 commands against the reference book) stays in
    // `npm test` as a net, but instrumented it costs minutes per mutant that survives: here the rules are
    // stated by the unit tests.
    tests: [
      'packages/engine/src/order-book.test.ts',
      'packages/engine/src/order-index.test.ts',
      'packages/engine/src/sorted-levels.test.ts',
    ],
  },
  {
    name: 'micro',
    title: 'seconds-contract settlement',
    mutate: ['apps/api/src/modules/micro/settle.ts', 'apps/api/src/modules/micro/prices.ts'],
    tests: [
      'apps/api/src/modules/micro/micro.test.ts',
      'apps/api/src/modules/micro/settlement-price.test.ts',
      'apps/api/src/modules/micro/settle.test.ts',
      // Insured orders pay back into their position, which ends itself at 100 % profit.
      'apps/api/src/modules/micro/insurance/insurance.test.ts',
      'workers/src/micro/settler.test.ts',
    ],
  },
  {
    name: 'acceptor',
    title: 'escrow transitions of acceptor deals',
    mutate: ['apps/api/src/modules/acceptor/deals.ts', 'apps/api/src/modules/acceptor/rules.ts'],
    tests: ['apps/api/src/modules/acceptor/acceptor.test.ts'],
  },
  {
    name: 'savings',
    title: 'savings interest and maturity',
    mutate: ['apps/api/src/modules/savings/holdings.ts'],
    tests: ['apps/api/src/modules/savings/savings.test.ts', 'workers/src/savings/savings-worker.test.ts'],
  },
  {
    name: 'team',
    title: 'team rebates',
    mutate: ['apps/api/src/modules/team/rebates.ts', 'apps/api/src/modules/team/rebate-rules.ts'],
    tests: ['apps/api/src/modules/team/team.test.ts', 'apps/api/src/modules/team/rebate-rules.test.ts'],
  },
  {
    name: 'spot',
    title: 'spot batch settlement',
    mutate: ['apps/api/src/modules/spot/settle-batch.ts'],
    // The batch's rules are stated by calling settleBatch on real Postgres. The end-to-end files (trading
    // through HTTP, the matcher's crashes and leases) stay in `npm test` but reach it only through the
    // matcher, seconds per mutant, and state no rule of it that these do not; integer-money.test.ts (the
    // differential against the decimal reference) costs ~20 s for every mutant of the batch's arithmetic.
    tests: [
      'apps/api/src/modules/spot/settle-batch.test.ts',
      'apps/api/src/modules/spot/matcher-funds.test.ts',
    ],
  },
  {
    name: 'rate-limits',
    title: 'rate limiters',
    mutate: ['apps/api/src/http/rate-limit.ts'],
    tests: ['apps/api/src/http/rate-limit.test.ts'],
  },
];
