import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { MUTATION_MODULE_VARIABLE, MUTATION_MODULES, type MutationModule } from '../test/mutation/modules';

/**
 * `npm run mutate -- [module...] [--incremental | --report]`: Stryker's mutation testing of the money modules
 * (test/mutation/modules.ts), each against its own test files, one module after the other, then a summary:
 * their scores, the mutants no test caught and the excluded ones with their reasons. With no module named,
 * all of them. Exits 1 when a module scores below MINIMUM_SCORE. `--report` summarises the last reports only.
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

interface ReportedMutant {
  status: string;
  mutatorName: string;
  location: { start: { line: number } };
  statusReason?: string;
}

/** The mutants of a module's last report, each with where it is (`file:line`). */
function mutantsOf(module: MutationModule) {
  const report = JSON.parse(readFileSync(`${REPORTS}/${module.name}.json`, 'utf8')) as {
    files: Record<string, { mutants: ReportedMutant[] }>;
  };
  return Object.entries(report.files).flatMap(([file, { mutants }]) =>
    mutants.map((mutant) => ({ ...mutant, where: `${file}:${mutant.location.start.line}` })),
  );
}

/**
 * Stryker's score: mutants caught (killed, or timed out) of those that ran or that no test reached; with the
 * missed ones, and the excluded ones with the reason their `Stryker disable` comment gives.
 */
function scoreOf(module: MutationModule) {
  const mutants = mutantsOf(module);
  const having = (...wanted: string[]) => mutants.filter((mutant) => wanted.includes(mutant.status));
  const caught = having('Killed', 'Timeout').length;
  const missed = having('Survived', 'NoCoverage');
  const excluded = having('Ignored');
  const total = caught + missed.length;
  const score = total === 0 ? 100 : (100 * caught) / total;
  return { module, score, caught, missed, excluded };
}

type Score = ReturnType<typeof scoreOf>;

const describeMutant = (mutant: ReportedMutant & { where: string }, reason = '') =>
  `  ${mutant.where} ${mutant.mutatorName}${reason && `: ${reason}`}`;

/**
 * The summary of a run, printed and written to reports/mutation/summary.txt: the scores, the mutants no test
 * caught, and every excluded mutant with its reason (what a reviewer checks is truly equivalent).
 */
function summaryOf(scores: Score[]): string {
  const lines = ['module             score   caught  missed  excluded'];
  for (const { module, score, caught, missed, excluded } of scores) {
    const columns = [score.toFixed(1).padStart(5) + ' %', caught, missed.length, excluded.length].map(
      (value, index) => String(value).padStart([7, 8, 8, 10][index] ?? 0),
    );
    lines.push(`${module.name.padEnd(16)}${columns.join('')}`);
  }
  for (const { module, missed } of scores.filter((score) => score.missed.length > 0)) {
    lines.push(
      '',
      `${module.name}: not caught`,
      ...missed.map((mutant) => describeMutant(mutant, mutant.status)),
    );
  }
  for (const { module, excluded } of scores.filter((score) => score.excluded.length > 0)) {
    lines.push(
      '',
      `${module.name}: excluded`,
      ...excluded.map((mutant) => describeMutant(mutant, mutant.statusReason)),
    );
  }
  return lines.join('\n');
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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const incremental = args.includes('--incremental');
  // The summary of the modules' last reports (runs made one module at a time), running nothing.
  const reportOnly = args.includes('--report');
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
    if (!reportOnly) {
      console.log(`\n=== ${module.name}: ${module.title}`);
      const code = await runInOwnGroup(module, incremental);
      if (code !== 0) throw new Error(`mutation testing of ${module.name} failed (exit code ${code})`);
    }
    scores.push(scoreOf(module));
  }
  const summary = summaryOf(scores);
  console.log(`\n${summary}`);
  writeFileSync(`${REPORTS}/summary.txt`, `${summary}\n`);
  if (scores.some(({ score }) => score < MINIMUM_SCORE)) {
    console.log(`\nbelow ${MINIMUM_SCORE} %: ${REPORTS}/<module>.html shows the mutants no test caught`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
