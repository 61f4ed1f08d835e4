#!/usr/bin/env node
/**
 * The bundle budget (issue #5): after `vite build`, sums the gzip size of all JavaScript the home route (`/`)
 * loads and fails above 250 kB. Read from the build manifest (dist/.vite/manifest.json):
 *   - the entry chunk (index.html) and its static imports: main, the app, the shell (Header/Footer), i18n...
 *   - the lazily loaded home page (src/features/home/HomePage.tsx) and its static imports,
 *   - any shell chunk (src/features/shell/*) should the shell ever be split out of the entry,
 *   - the English texts the route shows (src/locales/en/<namespace>.json), each loaded on demand; the other
 *     languages' files are never loaded with them (scripts/bundle-languages.mjs checks).
 * Chunks a page only imports lazily (dynamic imports) are not counted: the route does not wait for them.
 * The exchange route's total is printed too, for information.
 *
 * Usage: node scripts/bundle-budget.mjs [distDir]   (default: apps/web/dist)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 250 * 1000;
const HOME_PAGE = 'src/features/home/HomePage.tsx';
const EXCHANGE_PAGE = 'src/features/exchange/ExchangePage.tsx';
const SHELL_PREFIX = 'src/features/shell/';
const LOCALES_PREFIX = 'src/locales/';
const HOME_TEXTS = ['common', 'shell', 'home'];
const EXCHANGE_TEXTS = ['common', 'shell', 'exchange', 'market'];

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const manifestPath = join(distDir, '.vite', 'manifest.json');

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath)) fail(`no build manifest at ${manifestPath}; run \`vite build\` first`);
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');
for (const page of [HOME_PAGE, EXCHANGE_PAGE]) {
  if (!manifest[page]) fail(`the manifest has no chunk for ${page} (is it still lazily loaded from routes?)`);
}

/** A chunk and everything it imports statically, as manifest keys. */
function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest names ${key} but has no entry for it`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

/**
 * What a route loads before it can show: the entry, any split-out shell, the page, each with imports, and
 * the texts of its namespaces.
 */
function routeChunks(pageKey, namespaces) {
  const keys = staticClosure(entryKey);
  for (const key of Object.keys(manifest)) {
    if (key.startsWith(SHELL_PREFIX)) staticClosure(key, keys);
  }
  staticClosure(pageKey, keys);
  for (const namespace of namespaces) staticClosure(`${LOCALES_PREFIX}en/${namespace}.json`, keys);
  return [...keys].filter((key) => manifest[key].file.endsWith('.js'));
}

const sizes = new Map();
function sizeOf(key) {
  const file = manifest[key].file;
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(distDir, file));
    sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
  }
  return sizes.get(file);
}

/** What a page pulls in lazily once it shows (a chart library, say): reported, not counted. */
function lazyChunks(loaded) {
  const lazy = new Set();
  for (const key of loaded) {
    for (const dynamic of manifest[key].dynamicImports ?? []) {
      if (key === entryKey) continue; // the entry's dynamic imports are the other routes
      if (dynamic.startsWith(LOCALES_PREFIX)) continue; // texts: the route's are counted, the rest unused
      staticClosure(dynamic, lazy);
    }
  }
  return [...lazy].filter((key) => !loaded.includes(key) && manifest[key].file.endsWith('.js'));
}

const home = routeChunks(HOME_PAGE, HOME_TEXTS);
const exchange = routeChunks(EXCHANGE_PAGE, EXCHANGE_TEXTS);
const total = (keys) => keys.reduce((sum, key) => sum + sizeOf(key).gzip, 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

const rows = [...new Set([...home, ...exchange])]
  .map((key) => ({ key, ...sizeOf(key) }))
  .sort((a, b) => b.gzip - a.gzip);
const fileWidth = Math.max(5, ...rows.map((row) => manifest[row.key].file.length));
const line = (file, raw, gzip, routes) =>
  `${file.padEnd(fileWidth)}  ${raw.padStart(11)}  ${gzip.padStart(11)}  ${routes}`;

console.log(`\nJavaScript per route (${distDir}):\n`);
console.log(line('chunk', 'size', 'gzip', 'routes'));
for (const row of rows) {
  const routes = [home.includes(row.key) ? 'home' : '', exchange.includes(row.key) ? 'exchange' : '']
    .filter(Boolean)
    .join(', ');
  console.log(line(manifest[row.key].file, kB(row.raw), kB(row.gzip), routes));
}
const homeTotal = total(home);
const lazyNote = (keys) => {
  const lazy = lazyChunks(keys);
  return lazy.length === 0
    ? ''
    : `, then ${kB(total(lazy))} loaded lazily (${lazy.map((key) => manifest[key].name ?? key).join(', ')})`;
};
console.log(
  `\nhome route (/):               ${kB(homeTotal)} gzip (budget ${kB(BUDGET_BYTES)})${lazyNote(home)}`,
);
console.log(
  `exchange route (/dealCenter): ${kB(total(exchange))} gzip (for information)${lazyNote(exchange)}\n`,
);

if (homeTotal > BUDGET_BYTES) {
  fail(`the home route loads ${kB(homeTotal)} of gzipped JavaScript, over the ${kB(BUDGET_BYTES)} budget`);
}
console.log('bundle budget: ok');
