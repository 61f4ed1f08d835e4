import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defineConfig, type Plugin, type TestProjectInlineConfiguration } from 'vitest/config';
import repository from '../../vitest.config';

/**
 * The server tests as Stryker runs them (`npm run mutate`), in its sandbox: a copy of the repository whose
 * node_modules is a link to the checkout's. The workspace packages (`@exchange/kernel`, `@exchange/engine`…)
 * are links inside node_modules, so without the plugin below they would resolve to the checkout's own,
 * unmutated files and every mutant of a package would survive.
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

export default defineConfig({
  root,
  plugins: [workspaceInSandbox],
  test: serverTest,
});
