import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Plugin, type TestProjectInlineConfiguration } from 'vitest/config';
import repository from '../../vitest.config';
import { MUTATION_MODULE_VARIABLE, MUTATION_MODULES } from './modules';

/**
 * The server tests as Stryker runs them (`npm run mutate`), in its sandbox: a copy of the repository whose
 * node_modules is a link to the checkout's. The workspace packages (`@exchange/kernel`, `@exchange/engine`…)
 * are links inside node_modules, so without the plugin below they would resolve to the checkout's own,
 * unmutated files and every mutant of a package would survive.
 *
 * Only the test files of the module under test run (`MUTATION_MODULE`, set by scripts/mutate.ts). They are chosen
 * here rather than by Stryker's `testFiles` so that Stryker activates a mutant of module-level code before the
 * code is imported (see scripts/mutate.ts).
 */
const root = resolve(import.meta.dirname, '../..');
const checkout = dirname(realpathSync(join(root, 'node_modules')));

const workspaceInSandbox: Plugin = {
  name: 'workspace-packages-in-sandbox',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.startsWith('@exchange/') || checkout === root) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved?.id.startsWith(`${checkout}/`) || resolved.id.includes('/node_modules/')) return resolved;
    return { ...resolved, id: join(root, resolved.id.slice(checkout.length)) };
  },
};

const projects = (repository.test?.projects ?? []) as TestProjectInlineConfiguration[];
const server = projects.find((project) => project.test?.name === 'server');
if (!server?.test) throw new Error('vitest.config.ts has no "server" project');
const { name: _name, ...serverTest } = server.test;

const moduleName = process.env[MUTATION_MODULE_VARIABLE];
const moduleUnderTest = MUTATION_MODULES.find((candidate) => candidate.name === moduleName);
if (!moduleUnderTest)
  throw new Error(`${MUTATION_MODULE_VARIABLE} names no module of test/mutation/modules.ts`);

export default defineConfig({
  root,
  plugins: [workspaceInSandbox],
  test: { ...serverTest, include: moduleUnderTest.tests },
});
