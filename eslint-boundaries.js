// The architecture's boundaries as a lint rule (`exchange/boundaries`), so a build that crosses one fails.
// Each error says what to do instead. Tests (`*.test.ts[x]`, `test/`) may reach internals and are not checked.
//
//   packages/kernel     config, db, ledger, errors, i18n, redis, realtime: imports no app and no worker
//   packages/engine     the pure matching engine: imports nothing of ours
//   packages/contracts  request/response schemas and push payloads shared with the web client: zod only
//   apps/api            modules/<area>/ (routes, use cases, rules); an area imports another only through its
//                       index.ts; the API never imports workers, apps/exchange or apps/web. Its folders have
//                       an order, kernel < http (with realtime) < areas < console (modules/admin) < app.ts, ops,
//                       and the areas a rank (AREA_RANK): a folder imports only folders below it, so no two
//                       folders import each other, however indirectly. Nothing in the API but ops imports the seed.
//   workers, apps/exchange, ops, seed, bench, scripts: import an area only through its index (workers may
//                       also import apps/api/src/areas.ts, the areas' composition, for the ledger audit)
//   apps/web            imports no server code (only `import type` from @exchange/contracts, values only from
//                       @exchange/contracts/constants); a feature never
//                       imports another feature
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = import.meta.dirname;

const PACKAGE_ROOTS = {
  '@exchange/api': 'apps/api/src',
  '@exchange/kernel': 'packages/kernel/src',
  '@exchange/engine': 'packages/engine/src',
  '@exchange/contracts': 'packages/contracts/src',
  '@exchange/workers': 'workers/src',
  '@exchange/web': 'apps/web/src',
};

/**
 * The areas of apps/api/src/modules, lowest first: an area may import only areas before it in this list (the
 * console, modules/admin, sits above them all). Chosen from the import graph: settings and codes at the bottom,
 * users and their records above them, the markets and the P2P desks that move money on top. A new area takes
 * the place below every area that will use it and above every area it uses.
 */
export const AREA_RANK = [
  'system',
  'verification',
  'notices',
  'deadlines',
  'user',
  'identity',
  'news',
  'payment-account',
  'region',
  'safe',
  'team',
  'spot',
  'points',
  'savings',
  'wallet',
  'c2c',
  'acceptor',
  'lever',
  'micro',
];
const CONSOLE = 'admin';

const toPosix = (path) => path.split(sep).join('/');

/** The repository path (posix, relative to the root) an import names, or undefined for a package not ours. */
function targetOf(specifier, fromFile) {
  if (specifier.startsWith('.')) return toPosix(relative(ROOT, resolve(dirname(fromFile), specifier)));
  for (const [name, root] of Object.entries(PACKAGE_ROOTS)) {
    if (specifier === name) return root;
    if (specifier.startsWith(`${name}/`)) return `${root}/${specifier.slice(name.length + 1)}`;
  }
  return undefined;
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');
const moduleOf = (path) => /^apps\/api\/src\/modules\/([^/]+)(?:\/(.*))?$/.exec(path);
const featureOf = (path) => /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const under = (path, folder) => path === folder || path.startsWith(`${folder}/`);
const isIndex = (rest) => rest === undefined || /^index(\.[jt]sx?)?$/.test(rest);

/** The layer of a file of apps/api/src: 1 http and realtime, 2 an area, 3 the console, 4 the app and ops. */
function layerOf(path) {
  const module = moduleOf(path);
  if (module) return module[1] === CONSOLE ? 3 : 2;
  return under(path, 'apps/api/src/http') || under(path, 'apps/api/src/realtime') ? 1 : 4;
}
const LAYER_NAMES = {
  1: 'http/ and realtime/',
  2: 'an area',
  3: 'the console (modules/admin)',
  4: 'app.ts or ops',
};

/** The broken order between two folders of apps/api/src, as a message, or undefined. */
function checkOrder(file, target, specifier) {
  if (!under(target, 'apps/api/src')) return undefined;
  const [from, to] = [layerOf(file), layerOf(target)];
  if (from < to) {
    return `The API's folders are ordered kernel < http (with realtime) < areas < console < app.ts and ops, each importing only folders before it: ${LAYER_NAMES[from]} may not import ${LAYER_NAMES[to]} ('${specifier}'). Move what both need down (into http/ or the kernel), or let the higher folder pass it in (an argument, or a decorator declared where it is decorated).`;
  }
  const source = moduleOf(file)?.[1];
  const destination = moduleOf(target)?.[1];
  if (from !== 2 || to !== 2 || source === destination) return undefined;
  for (const area of [source, destination]) {
    if (!AREA_RANK.includes(area)) {
      return `Area '${area}' has no rank: add it to AREA_RANK in eslint-boundaries.js, below every area that uses it and above every area it uses.`;
    }
  }
  if (AREA_RANK.indexOf(source) < AREA_RANK.indexOf(destination)) {
    return `Area '${source}' ranks below area '${destination}' (AREA_RANK in eslint-boundaries.js) and may not import '${specifier}': that would let two areas depend on each other. Move what '${source}' needs into '${source}' or a lower area, or let '${destination}' pass it in (an argument or a callback).`;
  }
  return undefined;
}

/** The broken boundary for one import, as a message, or undefined when the import is allowed. */
function check(file, specifier, typeOnly) {
  const target = targetOf(specifier, resolve(ROOT, file));
  if (target === undefined) return undefined;
  const source = moduleOf(file);
  const targetModule = moduleOf(target);

  if (under(file, 'apps/web')) {
    if (under(target, 'packages/contracts')) {
      return typeOnly || target === 'packages/contracts/src/constants'
        ? undefined
        : `The web client takes only types from @exchange/contracts: write \`import type { ... } from '${specifier}'\` (zod stays out of the bundle); constant tables come from '@exchange/contracts/constants'.`;
    }
    if (!under(target, 'apps/web')) {
      return `The web client may not import server code ('${specifier}'). Shapes of requests, answers and pushes come from @exchange/contracts (\`import type\`); anything else the client needs lives in apps/web/src.`;
    }
    const from = featureOf(file);
    const to = featureOf(target);
    if (from && to && from !== to) {
      return `Feature '${from}' may not import feature '${to}' ('${specifier}'). Move what both need to apps/web/src/lib, src/api or src/components.`;
    }
    return undefined;
  }
  if (under(file, 'packages/kernel')) {
    return under(target, 'packages/kernel') || under(target, 'packages/contracts')
      ? undefined
      : `packages/kernel sits below every app and worker and may not import '${specifier}'. Pass what it needs in as an argument, or move the shared code into the kernel.`;
  }
  if (under(file, 'packages/engine')) {
    return under(target, 'packages/engine')
      ? undefined
      : `packages/engine is the pure matching engine (no I/O, nothing of ours) and may not import '${specifier}'.`;
  }
  if (under(file, 'packages/contracts')) {
    return under(target, 'packages/contracts')
      ? undefined
      : `packages/contracts is data shared with the web client (zod schemas and types only) and may not import '${specifier}'.`;
  }
  if (under(file, 'apps/api')) {
    if (under(target, 'workers') || under(target, 'apps/exchange') || under(target, 'apps/web')) {
      return `apps/api may not import '${specifier}': workers and apps/exchange start the API, not the other way round. Put the rule in its module (apps/api/src/modules/<area>/) and let the worker call the module's index.`;
    }
    if (source && targetModule && source[1] !== targetModule[1] && !isIndex(targetModule[2])) {
      return `Module '${source[1]}' may not import a file inside module '${targetModule[1]}' ('${specifier}'). Import '../${targetModule[1]}' (its index.ts); if what you need is not there, export it from apps/api/src/modules/${targetModule[1]}/index.ts.`;
    }
    if (!source && targetModule && !isIndex(targetModule[2])) {
      return `Import module '${targetModule[1]}' through its index ('../modules/${targetModule[1]}'), not '${specifier}'; export what you need from apps/api/src/modules/${targetModule[1]}/index.ts.`;
    }
    if (under(target, 'prisma/seed') && !under(file, 'apps/api/src/ops')) {
      return `The API may not import the seed ('${specifier}'): the seed fills a database from the areas' values, not the other way round. Take the value from the area that owns it (the seed imports it from there too).`;
    }
    return checkOrder(file, target, specifier);
  }
  // Workers, apps/exchange, bench, seed and scripts: areas only through their index.
  if (targetModule && !isIndex(targetModule[2])) {
    return `Import module '${targetModule[1]}' through its public surface ('@exchange/api/modules/${targetModule[1]}'), not '${specifier}'. Export what you need from apps/api/src/modules/${targetModule[1]}/index.ts; a rule belongs in the module, the worker only calls it.`;
  }
  if (under(file, 'workers') && under(target, 'apps/exchange')) {
    return `workers may not import apps/exchange ('${specifier}'): apps/exchange starts the workers, not the other way round.`;
  }
  // apps/api/src/areas.ts is what the areas plug into the shared mechanisms (the ledger audit the workers run).
  if (
    under(file, 'workers') &&
    under(target, 'apps/api') &&
    !targetModule &&
    target !== 'apps/api/src/areas'
  ) {
    return `workers call the API's areas only through their index ('@exchange/api/modules/<area>') or their composition ('@exchange/api/areas'), not '${specifier}'.`;
  }
  return undefined;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Keeps imports inside the boundaries of the architecture (see eslint-boundaries.js).',
    },
    schema: [],
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    if (file.startsWith('..') || isTest(file)) return {};
    const report = (node, specifier, typeOnly) => {
      if (typeof specifier !== 'string') return;
      const message = check(file, specifier, typeOnly);
      if (message) context.report({ node, message });
    };
    const allTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((spec) => spec.importKind === 'type' || spec.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => report(node.source, node.source.value, allTypes(node)),
      ExportNamedDeclaration: (node) => node.source && report(node.source, node.source.value, allTypes(node)),
      ExportAllDeclaration: (node) => report(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && report(node.source, node.source.value, false),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') report(literal, literal.value, true);
      },
    };
  },
};

export const boundariesPlugin = { rules: { boundaries } };
