// ESLint rules for the backend's module boundaries (backend/src). See backend/src/modules/README.md.
//
//   plantfolk/module-public-face  code outside modules/<x>/ reaches modules/<x> only through its
//                                 public face, modules/<x>/index.ts; platform/ never reaches a module.
//   plantfolk/no-module-cycles    the modules' imports of each other form no cycle.
//
// Both take `{ sourceRoot }`, the absolute path of backend/src. Tests (backend/test) and the
// benchmarks are not linted by them: they test and measure modules' internals.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Where a file sits: in a module (`modules/<name>/…`), in platform/, elsewhere in src, or outside. */
function placeOf(file, sourceRoot) {
  const rel = relative(sourceRoot, file);
  if (rel.startsWith('..') || rel === '') return { kind: 'outside' };
  const parts = rel.split(sep);
  if (parts[0] === 'modules' && parts.length >= 2) {
    const rest = parts.slice(2);
    return { kind: 'module', name: parts[1], rest };
  }
  if (parts[0] === 'platform') return { kind: 'platform' };
  return { kind: 'app' };
}

/** Whether a module path (resolved, without extension) is the module's public face. */
function isFace(rest) {
  return rest.length === 0 || (rest.length === 1 && /^index(\.ts)?$/.test(rest[0]));
}

/** The literal source of every import-like node, with the node to report on. */
function importVisitors(check) {
  const literal = (node, source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string')
      check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    TSImportType: (node) => literal(node, node.argument?.literal ?? node.argument),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require')
        literal(node, node.arguments[0]);
    },
  };
}

const schema = [
  {
    type: 'object',
    properties: { sourceRoot: { type: 'string' } },
    required: ['sourceRoot'],
    additionalProperties: false,
  },
];

const publicFace = {
  meta: {
    type: 'problem',
    docs: { description: 'Reach another backend module only through its index.ts' },
    schema,
    messages: {
      deep:
        "'{{source}}' reaches into modules/{{target}}; import its public face " +
        '(modules/{{target}}/index.ts) instead, and export there what other modules may use.',
      platform:
        "'{{source}}': platform/ holds no domain knowledge and never imports modules/{{target}}.",
    },
  },
  create(context) {
    const { sourceRoot } = context.options[0];
    const here = placeOf(context.filename, sourceRoot);
    if (here.kind === 'outside') return {};
    return importVisitors((node, source) => {
      if (!source.startsWith('.')) return;
      const target = placeOf(resolve(dirname(context.filename), source), sourceRoot);
      if (target.kind !== 'module') return;
      if (here.kind === 'module' && here.name === target.name) return;
      if (here.kind === 'platform')
        context.report({ node, messageId: 'platform', data: { source, target: target.name } });
      else if (!isFace(target.rest))
        context.report({ node, messageId: 'deep', data: { source, target: target.name } });
    });
  },
};

// ---- the module graph, read from disk (each file re-read only when it changed) ----

const IMPORT_SOURCES = [
  /\bfrom\s+['"](\.[^'"]*)['"]/g,
  /\bimport\s*\(\s*['"](\.[^'"]*)['"]\s*\)/g,
  /\bimport\s+['"](\.[^'"]*)['"]/g,
  /\brequire\(\s*['"](\.[^'"]*)['"]\s*\)/g,
];
const fileCache = new Map();

function listTs(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listTs(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The other modules one file imports. */
function moduleImportsOf(file, sourceRoot) {
  const mtime = statSync(file).mtimeMs;
  const cached = fileCache.get(file);
  if (cached && cached.mtime === mtime) return cached.targets;
  const text = readFileSync(file, 'utf8');
  const here = placeOf(file, sourceRoot);
  const targets = new Set();
  for (const pattern of IMPORT_SOURCES) {
    for (const match of text.matchAll(pattern)) {
      const target = placeOf(resolve(dirname(file), match[1]), sourceRoot);
      if (target.kind === 'module' && target.name !== here.name) targets.add(target.name);
    }
  }
  fileCache.set(file, { mtime, targets });
  return targets;
}

/** module → (imported module → a file that imports it), leaving out one file. */
function moduleGraph(sourceRoot, exceptFile) {
  const graph = new Map();
  const modulesDir = join(sourceRoot, 'modules');
  for (const file of listTs(modulesDir)) {
    if (file === exceptFile) continue;
    const from = placeOf(file, sourceRoot).name;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const to of moduleImportsOf(file, sourceRoot))
      if (!graph.get(from).has(to)) graph.get(from).set(to, relative(sourceRoot, file));
  }
  return graph;
}

/** A path of modules from `start` to `goal` (both included), or null. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const current = queue.shift();
    if (current === goal) {
      const path = [];
      for (let at = goal; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const noModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Backend modules import each other without cycles' },
    schema,
    messages: {
      cycle:
        'Import cycle between modules: {{cycle}}. Move the shared piece down (into platform/ or ' +
        'the lower module) instead; forwardRef only hides the cycle.',
    },
  },
  create(context) {
    const { sourceRoot } = context.options[0];
    const here = placeOf(context.filename, sourceRoot);
    if (here.kind !== 'module') return {};
    let graph;
    return importVisitors((node, source) => {
      if (!source.startsWith('.')) return;
      const target = placeOf(resolve(dirname(context.filename), source), sourceRoot);
      if (target.kind !== 'module' || target.name === here.name) return;
      graph ??= moduleGraph(sourceRoot, context.filename);
      const back = pathBetween(graph, target.name, here.name);
      if (back)
        context.report({
          node,
          messageId: 'cycle',
          data: { cycle: [here.name, ...back].map((name) => `modules/${name}`).join(' → ') },
        });
    });
  },
};

export default {
  meta: { name: 'plantfolk-module-boundaries' },
  rules: { 'module-public-face': publicFace, 'no-module-cycles': noModuleCycles },
};
