// @ts-check
// What each build ships to the browser, compressed: the plugins behind the size lines every build
// prints and behind bundle-report.json, which the first-view budget test reads
// (libs/devstack/src/bundle-budget.ts), plus the precompressed copies both web tiers serve.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';

/** What the web tiers compress: text assets of at least 1 kB (as nginx's gzip_min_length). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

/** @param {Buffer} bytes */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
/** @param {Buffer} bytes */
export const brotliSize = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Writes `<asset>.gz` and `<asset>.br` beside every compressible asset, so the gateway of
 * `npm start` (brotli or gzip) and nginx (gzip_static) send them without compressing per request.
 * Both encoders are deterministic, so unchanged sources still give byte-identical builds.
 */
export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'PrecompressPlugin',
          stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER,
        },
        () => {
          for (const asset of compilation.getAssets()) {
            // The federation plugin's build-time stats are dropped before emit (BuildManifestPlugin).
            if (!COMPRESSIBLE.test(asset.name) || asset.name === 'mf-manifest-stats.json') continue;
            const bytes = asset.source.buffer();
            if (bytes.length < MIN_BYTES) continue;
            const raw = rspack.sources.RawSource;
            compilation.emitAsset(`${asset.name}.gz`, new raw(gzipSync(bytes, { level: 9 })));
            compilation.emitAsset(
              `${asset.name}.br`,
              new raw(
                brotliCompressSync(bytes, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: 11,
                    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                  },
                }),
              ),
            );
          }
        },
      );
    });
  }
}

export const BUNDLE_REPORT_FILE = 'bundle-report.json';

/**
 * @typedef {{ files: string[], consumes: string[] }} FileGroup
 * @typedef {{ from: string, request: string, line: number } & FileGroup} AsyncGroup
 * @typedef {{
 *   name: string,
 *   role: 'host' | 'remote',
 *   entry: FileGroup,
 *   exposes: Record<string, FileGroup>,
 *   shared: Record<string, FileGroup>,
 *   asyncImports: AsyncGroup[],
 *   sizes: Record<string, { bytes: number, gzip: number, brotli: number }>,
 * }} BundleReport
 */

const CONSUME = /^consume shared module \([^)]*\) (.+?)@/;
const PROVIDE = /^provide shared module \([^)]*\) (.+?)@/;

/**
 * Writes dist/bundle-report.json after each production build: which files the entry, each
 * exposed module, each shared singleton (as this build provides it) and each dynamic import
 * load, the shared singletons each of them consumes, and every script's and stylesheet's size
 * raw, gzip and brotli. Then prints the sizes a browser pays for this app's first view.
 */
export class BundleReportPlugin {
  /** @param {{ name: string, role: 'host' | 'remote', projectRoot: string }} options */
  constructor(options) {
    this.options = options;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BundleReportPlugin', (compilation) => {
      if (compilation.errors.length) return;
      const outputPath = compiler.options.output.path ?? '';
      const report = buildReport(this.options, compilation, outputPath);
      writeFileSync(
        path.join(outputPath, BUNDLE_REPORT_FILE),
        `${JSON.stringify(report, null, 2)}\n`,
      );
      for (const line of summaryLines(report)) console.info(line);
    });
  }
}

/**
 * @param {{ name: string, role: 'host' | 'remote', projectRoot: string }} options
 * @param {import('@rspack/core').Compilation} compilation
 * @param {string} outputPath
 * @returns {BundleReport}
 */
function buildReport({ name, role, projectRoot }, compilation, outputPath) {
  /** @type {BundleReport} */
  const report = {
    name,
    role,
    entry: empty(),
    exposes: {},
    shared: {},
    asyncImports: [],
    sizes: {},
  };
  const relative = (/** @type {string} */ file) =>
    path
      .relative(projectRoot, file.replace(/^.*!/, '').replace(/\|.*$/, ''))
      .split(path.sep)
      .join('/');

  // Every chunk group: an entry, a dynamic import, an exposed module or a provided singleton.
  // What it loads is its chunks' files; the singletons it consumes are its consume-shared modules.
  for (const group of compilation.chunkGroups) {
    const files = new Set();
    const consumes = new Set();
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
      for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
        const match = CONSUME.exec(module.identifier());
        if (match) consumes.add(match[1]);
      }
    }
    const fill = (/** @type {FileGroup} */ target) => {
      for (const file of files) if (!target.files.includes(file)) target.files.push(file);
      for (const key of consumes) if (!target.consumes.includes(key)) target.consumes.push(key);
    };
    if (group.isInitial()) {
      fill(report.entry);
      continue;
    }
    for (const origin of group.origins) {
      const from = origin.module?.identifier() ?? '';
      const provided = PROVIDE.exec(from);
      if (provided) {
        fill((report.shared[provided[1]] ??= empty()));
      } else if (from.startsWith('container entry')) {
        fill((report.exposes[group.name ?? origin.request ?? ''] ??= empty()));
      } else if (from && origin.request) {
        const source = relative(from);
        let target = report.asyncImports.find(
          (g) => g.from === source && g.request === origin.request,
        );
        if (!target) {
          const loc = origin.loc;
          const line =
            typeof loc === 'string' ? Number(loc.split(':')[0]) || 0 : (loc?.start?.line ?? 0);
          target = { from: source, request: origin.request, line, ...empty() };
          report.asyncImports.push(target);
        }
        fill(target);
      }
    }
  }
  report.asyncImports.sort((a, b) => a.from.localeCompare(b.from) || a.line - b.line);
  const allFiles = new Set([
    ...report.entry.files,
    ...Object.values(report.exposes).flatMap((g) => g.files),
    ...Object.values(report.shared).flatMap((g) => g.files),
    ...report.asyncImports.flatMap((g) => g.files),
  ]);
  for (const file of [...allFiles].sort()) {
    const bytes = readFileSync(path.join(outputPath, file));
    report.sizes[file] = { bytes: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) };
  }
  return report;
}

function empty() {
  return { files: /** @type {string[]} */ ([]), consumes: /** @type {string[]} */ ([]) };
}

/**
 * The JavaScript files (and their compressed size) a group loads, with the shared singletons it
 * consumes resolved to this build's own providers, transitively.
 * @param {BundleReport} report
 * @param {FileGroup[]} groups
 */
export function scriptsOf(report, groups) {
  const files = new Set();
  const seen = new Set();
  const queue = [...groups];
  while (queue.length) {
    const group = /** @type {FileGroup} */ (queue.shift());
    for (const file of group.files) if (file.endsWith('.js')) files.add(file);
    for (const key of group.consumes) {
      if (seen.has(key) || !report.shared[key]) continue;
      seen.add(key);
      queue.push(report.shared[key]);
    }
  }
  const total = (/** @type {'bytes' | 'gzip' | 'brotli'} */ key) =>
    [...files].reduce((sum, file) => sum + (report.sizes[file]?.[key] ?? 0), 0);
  return { files: [...files], bytes: total('bytes'), gzip: total('gzip'), brotli: total('brotli') };
}

const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** @param {BundleReport} report */
function summaryLines(report) {
  const lines = [];
  const describe = (/** @type {string} */ label, /** @type {ReturnType<typeof scriptsOf>} */ s) =>
    `${report.name}: ${label}: ${kB(s.gzip)} gzip, ${kB(s.brotli)} brotli (${s.files.length} scripts, ${kB(s.bytes)} raw)`;
  if (report.role === 'host') {
    // The entry and what it imports at once (the bootstrap), with the singletons it consumes.
    const boot = report.asyncImports.filter((g) => g.from === 'src/index.ts');
    lines.push(describe('initial JavaScript', scriptsOf(report, [report.entry, ...boot])));
  } else {
    const entry = { files: report.entry.files, consumes: [] };
    const exposed = Object.values(report.exposes);
    // Shared singletons come from the host: only the remote's own files count here.
    const own = (/** @type {FileGroup[]} */ groups) => scriptsOf({ ...report, shared: {} }, groups);
    lines.push(describe('remote entry + exposed routes module', own([entry, ...exposed])));
    const firstRoute = report.asyncImports.find((g) => g.from === 'src/routes.tsx');
    if (firstRoute) lines.push(describe(`first route (${firstRoute.request})`, own([firstRoute])));
  }
  return lines;
}
