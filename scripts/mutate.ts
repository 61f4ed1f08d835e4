import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { MUTATION_MODULE_VARIABLE, MUTATION_MODULES, type MutationModule } from '../test/mutation/modules';

/**
 * `npm run mutate -- [module...] [--incremental]`: Stryker's mutation testing of the money modules
 * (test/mutation/modules.ts), each against its own test files, one module after the other, then a table of
 * their scores. With no module named, all of them. Exits 1 when a module scores below MINIMUM_SCORE.
 * `--incremental` reuses the last run's results for mutants whose code and tests did not change (while
 * writing tests); a run without it starts from nothing. Too slow for `npm test`.
 *
 * Stryker mutates a copy of the repository (SANDBOXES, removed after the run), never the checkout. Each module
 * runs in its own process group, so an interrupted run stops every test process it started and leaves no
 * sandbox behind. One test process at a time: the machines that run it are shared.
 */
const MINIMUM_SCORE = 90;
const REPORTS = 'reports/mutation';
const SANDBOXES = '.stryker-tmp';

function strykerOptions(module: MutationModule, incremental: boolean): PartialStrykerOptions {
  return {
    mutate: module.mutate,
    // The module's test files are chosen by test/mutation/vitest.config.ts (MUTATION_MODULE), not by Stryker's
    // `testFiles`: with `testFiles` set, Stryker 9 activates a mutant of module-level code (Money's configuration,
    // a regular expression, an exported arrow function) only after the test file imported that code, so every
    // such mutant survived whatever the tests said (stryker-js issue 6144).
    // The vitest runner, counting a mutant that makes a test file fail to load as caught (see the plugin).
    testRunner: 'vitest-strict',
    plugins: ['./test/mutation/vitest-runner-strict.ts'],
    // Stryker's child processes load that plugin, written in TypeScript.
    testRunnerNodeArgs: ['--import', 'tsx'],
    checkerNodeArgs: ['--import', 'tsx'],
    vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
    coverageAnalysis: 'perTest',
    concurrency: 1,
    // Integration tests on a shared machine: a slow run is not an endless loop.
    timeoutMS: 20_000,
    dryRunTimeoutMinutes: 30,
    tempDirName: SANDBOXES,
    cleanTempDir: true,
    ignorePatterns: ['dist', 'test-results', 'uploads', 'reports', '.data', 'apps/web'],
    thresholds: { high: MINIMUM_SCORE, low: 80, break: null },
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `${REPORTS}/${module.name}.html` },
    jsonReporter: { fileName: `${REPORTS}/${module.name}.json` },
    incremental,
    incrementalFile: `${REPORTS}/${module.name}.incremental.json`,
  };
}

/** Stryker's score: mutants caught (killed, or timed out) of those that ran or that no test reached. */
function scoreOf(module: MutationModule) {
  const report = JSON.parse(readFileSync(`${REPORTS}/${module.name}.json`, 'utf8')) as {
    files: Record<string, { mutants: { status: string }[] }>;
  };
  const statuses = Object.values(report.files).flatMap((file) => file.mutants.map((mutant) => mutant.status));
  const count = (...wanted: string[]) => statuses.filter((status) => wanted.includes(status)).length;
  const caught = count('Killed', 'Timeout');
  const missed = count('Survived', 'NoCoverage');
  const score = caught + missed === 0 ? 100 : (100 * caught) / (caught + missed);
  return { module, score, caught, missed, excluded: count('Ignored') };
}

/** Runs one module's mutation test in a process group of its own; resolves with its exit code. */
function runInOwnGroup(module: MutationModule, incremental: boolean): Promise<number> {
  const script = fileURLToPath(import.meta.url);
  const args = [...process.execArgv, script, '--one', module.name, ...(incremental ? ['--incremental'] : [])];
  const child = spawn(process.execPath, args, { stdio: 'inherit', detached: true });
  let stopped: NodeJS.Signals | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopped = signal;
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
  };
  process.once('SIGINT', stop).once('SIGTERM', stop);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (stopped) {
        // Stryker removes its sandbox only after a run that finished.
        rmSync(SANDBOXES, { recursive: true, force: true });
        console.error(`\nmutation testing of ${module.name} stopped (${stopped}); sandbox removed`);
        process.exit(130);
      }
      resolve(code ?? 1);
    });
  });
}

function pickModules(names: string[]): MutationModule[] {
  if (names.length === 0) return MUTATION_MODULES;
  return names.map((name) => {
    const module = MUTATION_MODULES.find((candidate) => candidate.name === name);
    if (!module) {
      const known = MUTATION_MODULES.map((candidate) => candidate.name).join(', ');
      throw new Error(`no mutation module "${name}"; the modules are: ${known}`);
    }
    return module;
  });
}

function printScores(scores: ReturnType<typeof scoreOf>[]): void {
  console.log('\nmodule             score   caught  missed  excluded');
  for (const { module, score, caught, missed, excluded } of scores) {
    const columns = [score.toFixed(1).padStart(5) + ' %', caught, missed, excluded].map((value, index) =>
      String(value).padStart([7, 8, 8, 10][index] ?? 0),
    );
    console.log(`${module.name.padEnd(16)}${columns.join('')}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const incremental = args.includes('--incremental');
  const names = args.filter((arg) => !arg.startsWith('--'));
  if (args[0] === '--one') {
    const [module] = pickModules(names);
    if (!module) return;
    // Read by test/mutation/vitest.config.ts in Stryker's test processes, which inherit the environment.
    process.env[MUTATION_MODULE_VARIABLE] = module.name;
    await new Stryker(strykerOptions(module, incremental)).runMutationTest();
    return;
  }
  const scores = [];
  for (const module of pickModules(names)) {
    console.log(`\n=== ${module.name}: ${module.title}`);
    const code = await runInOwnGroup(module, incremental);
    if (code !== 0) throw new Error(`mutation testing of ${module.name} failed (exit code ${code})`);
    scores.push(scoreOf(module));
  }
  printScores(scores);
  if (scores.some(({ score }) => score < MINIMUM_SCORE)) {
    console.log(`\nbelow ${MINIMUM_SCORE} %: ${REPORTS}/<module>.html shows the mutants no test caught`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
