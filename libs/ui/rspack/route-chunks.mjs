// @ts-check
// `route-chunks.json` beside a remote's remoteEntry.js: the files of its `./routes` module and,
// for each route path it declares, the files of that page's chunk. The shell's first script reads
// it (frontends/shell/src/remotes/early-start.ts) to preload the page's code while its own loads,
// instead of discovering the page's chunk only after the routes module has run: one hop less
// between the HTML and the first meaningful paint (frontends/PERFORMANCE.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack } from '@rspack/core';
import ts from 'typescript';

export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * The `{ path, lazy: () => import('./page') }` pairs of a routes module: every object literal
 * with a string `path` and a `lazy` whose body imports one module.
 * @param {string} source
 * @param {string} fileName
 * @returns {{ path: string, request: string }[]}
 */
export function lazyRoutesOf(source, fileName) {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  /** @type {{ path: string, request: string }[]} */
  const routes = [];
  /** @param {ts.Node} node */
  const importedBy = (node) => {
    /** @type {string | null} */
    let request = null;
    /** @param {ts.Node} child */
    const find = (child) => {
      if (request) return;
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteralLike(child.arguments[0])
      ) {
        request = child.arguments[0].text;
        return;
      }
      ts.forEachChild(child, find);
    };
    find(node);
    return request;
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      /** @type {string | null} */
      let routePath = null;
      /** @type {string | null} */
      let request = null;
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
        if (property.name.text === 'path' && ts.isStringLiteralLike(property.initializer)) {
          routePath = property.initializer.text;
        }
        if (property.name.text === 'lazy') request = importedBy(property.initializer);
      }
      if (routePath?.startsWith('/') && request) routes.push({ path: routePath, request });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return routes;
}

/**
 * Emits route-chunks.json for a remote whose routes module is `routesFile` (relative to the
 * project): `{ routes: [files of ./routes], pages: [{ path, files }] }`, file names relative to
 * the remote's own URL, as the federation runtime loads them.
 */
export class RouteChunksPlugin {
  /** @param {{ projectRoot: string, routesFile: string }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { projectRoot, routesFile } = this.options;
    const routesPath = path.join(projectRoot, routesFile);
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'RouteChunksPlugin',
          // After the real content hashes are in the file names, before compression.
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1,
        },
        () => {
          const declared = lazyRoutesOf(readFileSync(routesPath, 'utf8'), routesPath);
          /** @type {string[]} */
          let exposed = [];
          /** @type {Map<string, string[]>} */
          const byRequest = new Map();
          for (const group of compilation.chunkGroups) {
            const files = group.chunks.flatMap((chunk) =>
              [...chunk.files].filter((file) => /\.(js|css)$/.test(file)),
            );
            for (const origin of group.origins) {
              const from = origin.module?.identifier() ?? '';
              if (from.startsWith('container entry'))
                exposed = [...new Set([...exposed, ...files])];
              else if (
                from.replace(/^.*!/, '').replace(/\|.*$/, '') === routesPath &&
                origin.request
              ) {
                byRequest.set(origin.request, [
                  ...new Set([...(byRequest.get(origin.request) ?? []), ...files]),
                ]);
              }
            }
          }
          const pages = declared
            .filter((route) => byRequest.has(route.request))
            .map((route) => ({ path: route.path, files: byRequest.get(route.request) ?? [] }));
          compilation.emitAsset(
            ROUTE_CHUNKS_FILE,
            new rspack.sources.RawSource(
              `${JSON.stringify({ routes: exposed.sort(), pages }, null, 2)}\n`,
            ),
          );
        },
      );
    });
  }
}
