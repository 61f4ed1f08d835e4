#!/usr/bin/env node
/**
 * One language per chunk (issue #27): after `vite build`, checks that no JavaScript chunk carries the texts of
 * two languages, and that each locale and namespace (src/locales/<locale>/<namespace>.json) is a chunk of its
 * own, so a screen loads its texts in the active language only.
 *
 * How: for each locale and namespace, up to eight marker texts, the longest found in no other file (nor inside
 * another file's texts); a chunk holds a file's texts when it contains two of its markers (one, for a file
 * with a single marker). Fails when a chunk holds two files' texts, or a file's texts are in no chunk or in
 * more than one.
 *
 * Usage: node scripts/bundle-languages.mjs [distDir]   (default: apps/web/dist; `npm run build` runs it)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARKERS_PER_FILE = 8;
const MIN_MARKER_LENGTH = 6;

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(webRoot, 'src', 'locales');
const distDir = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const assetsDir = join(distDir, 'assets');

function fail(message) {
  console.error(`bundle languages: ${message}`);
  process.exit(1);
}

if (!existsSync(assetsDir)) fail(`no built assets at ${assetsDir}; run \`vite build\` first`);

function textsOf(dictionary) {
  return Object.values(dictionary).flatMap((value) => (typeof value === 'string' ? [value] : textsOf(value)));
}

/** Every locale file's texts, as `<locale>/<namespace>`. */
const files = readdirSync(localesDir).flatMap((locale) =>
  readdirSync(join(localesDir, locale))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      id: `${locale}/${name.replace(/\.json$/, '')}`,
      locale,
      texts: [...new Set(textsOf(JSON.parse(readFileSync(join(localesDir, locale, name), 'utf8'))))],
    })),
);
if (files.length === 0) fail(`no locale files under ${localesDir}`);

// Texts a bundler could escape (quotes, backslashes, template syntax, line breaks) make no markers.
const plain = (text) => text.length >= MIN_MARKER_LENGTH && !/[`'"\\$\n\r]/.test(text);

for (const file of files) {
  const others = files
    .filter((other) => other !== file)
    .flatMap((other) => other.texts)
    .join('\u0000');
  file.markers = file.texts
    .filter(plain)
    .sort((a, b) => b.length - a.length)
    .filter((text) => !others.includes(text))
    .slice(0, MARKERS_PER_FILE);
  if (file.markers.length === 0) fail(`${file.id} has no text of its own to look for`);
}

const chunks = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
const holders = new Map(files.map((file) => [file.id, []]));
const mixed = [];
for (const chunk of chunks) {
  const code = readFileSync(join(assetsDir, chunk), 'utf8');
  const held = files.filter((file) => {
    const found = file.markers.filter((marker) => code.includes(marker)).length;
    return found >= Math.min(2, file.markers.length);
  });
  for (const file of held) holders.get(file.id).push(chunk);
  if (held.length > 1) mixed.push(`${chunk}: ${held.map((file) => file.id).join(', ')}`);
}

const problems = [
  ...mixed.map((line) => `one chunk, several files' texts: ${line}`),
  ...[...holders]
    .filter(([, held]) => held.length !== 1)
    .map(([id, held]) => `${id} is in ${held.length} chunks${held.length ? `: ${held.join(', ')}` : ''}`),
];
if (problems.length > 0) fail(`\n  ${problems.join('\n  ')}`);

const locales = new Set(files.map((file) => file.locale));
console.log(
  `bundle languages: ok (${files.length} locale files, ${locales.size} languages, each its own chunk; ` +
    `none of the other ${chunks.length - files.length} chunks holds any language's texts)`,
);
