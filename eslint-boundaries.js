// The architecture's boundaries as a lint rule (`exchange/boundaries`), so a build that crosses one fails.
// Each error says what to do instead. Tests (`*.test.ts[x]`, `test/`) may reach internals and are not checked.
//
//   packages/kernel     config, db, ledger, errors, i18n, redis, realtime: imports no app and no worker
//   packages/engine     the pure matching engine: imports nothing of ours
//   packages/contracts  request/response schemas and push payloads shared with the web client: zod only
//   apps/api            modules/<area>/ (routes, use cases, rules); an area imports another only through its
//                       index.ts; the API never imports workers, apps/exchange or apps/web
//   workers, apps/exchange, ops, seed, bench, scripts: import an area only through its index
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
    return undefined;
  }
  // Workers, apps/exchange, bench, seed and scripts: areas only through their index.
  if (targetModule && !isIndex(targetModule[2])) {
    return `Import module '${targetModule[1]}' through its public surface ('@exchange/api/modules/${targetModule[1]}'), not '${specifier}'. Export what you need from apps/api/src/modules/${targetModule[1]}/index.ts; a rule belongs in the module, the worker only calls it.`;
  }
  if (under(file, 'workers') && under(target, 'apps/exchange')) {
    return `workers may not import apps/exchange ('${specifier}'): apps/exchange starts the workers, not the other way round.`;
  }
  if (under(file, 'workers') && under(target, 'apps/api') && !targetModule) {
    return `workers call the API's areas only through their index ('@exchange/api/modules/<area>'), not '${specifier}'.`;
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
