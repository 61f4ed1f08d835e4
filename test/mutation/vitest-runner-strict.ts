import type { Vitest } from 'vitest/node';
import {
  commonTokens,
  declareFactoryPlugin,
  PluginKind,
  tokens,
  type Injector,
  type PluginContext,
} from '@stryker-mutator/api/plugin';
import {
  MutantRunStatus,
  type DryRunOptions,
  type MutantRunOptions,
  type MutantRunResult,
  type TestRunner,
} from '@stryker-mutator/api/test-runner';
import {
  strykerPlugins as vitestRunnerPlugins,
  strykerValidationSchema as vitestRunnerOptions,
} from '@stryker-mutator/vitest-runner';

/**
 * Stryker's vitest runner, with one correction: a mutant that makes a test file fail to load counts as caught.
 *
 * A mutant of module-level code can make the module throw as it is imported (`new Money('')`, a Decimal
 * configuration out of range). Vitest then fails the whole test file before collecting a single test, and the
 * runner, which only reads the tests' results, reports "no test failed": the mutant "survives" with 0 tests run,
 * although every test of the file would fail.
 */
const [vitestRunnerPlugin] = vitestRunnerPlugins;
if (vitestRunnerPlugin?.kind !== PluginKind.TestRunner || !('factory' in vitestRunnerPlugin))
  throw new Error('@stryker-mutator/vitest-runner no longer declares its runner as a factory');
const createVitestRunner = vitestRunnerPlugin.factory;

/**
 * The test files that failed as a whole (an error while loading them, or in a hook outside any test), with the
 * first error of each: such a failure is the mutant's doing too, the unmutated dry run passed.
 */
function filesThatFailedToLoad(runner: TestRunner): string[] {
  const vitest = (runner as unknown as { ctx?: Vitest }).ctx;
  return (vitest?.state.getFiles() ?? [])
    .filter((file) => file.result?.state === 'fail' && (file.result.errors?.length ?? 0) > 0)
    .map((file) => `${file.name}: ${file.result?.errors?.[0]?.message ?? 'failed to load'}`);
}

class StrictVitestRunner implements TestRunner {
  constructor(private readonly runner: TestRunner) {}

  capabilities() {
    return this.runner.capabilities();
  }

  async init() {
    await this.runner.init?.();
  }

  dryRun(options: DryRunOptions) {
    return this.runner.dryRun(options);
  }

  async mutantRun(options: MutantRunOptions): Promise<MutantRunResult> {
    const result = await this.runner.mutantRun(options);
    if (result.status !== MutantRunStatus.Survived) return result;
    const failed = filesThatFailedToLoad(this.runner);
    if (failed.length === 0) return result;
    return {
      status: MutantRunStatus.Killed,
      failureMessage: `test file failed to load: ${failed.join('; ')}`,
      killedBy: [],
      nrOfTests: result.nrOfTests,
    };
  }

  async dispose() {
    await this.runner.dispose?.();
  }
}

function createStrictVitestRunner(injector: Injector<PluginContext>): TestRunner {
  return new StrictVitestRunner(createVitestRunner(injector));
}
createStrictVitestRunner.inject = tokens(commonTokens.injector);

/** The vitest runner's own options (`vitest: { configFile }`), validated as the runner declares them. */
export const strykerValidationSchema: unknown = vitestRunnerOptions;

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-strict', createStrictVitestRunner),
];
