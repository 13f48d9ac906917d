// @ts-check
// One rspack configuration for every Plantfolk frontend (the shell host and each remote), so they
// agree on the toolchain and, above all, on the Module Federation shared singletons. It lives in
// the UI kit because the kit is itself one of those singletons and owns the styles pipeline.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { BundleReportPlugin, PrecompressPlugin } from './bundle-report.mjs';
import {
  preactReact,
  preactReactDom,
  preactReactDomClient,
  reactAliases,
} from './preact/aliases.mjs';
import { RouteChunksPlugin } from './route-chunks.mjs';

export { BUNDLE_REPORT_FILE, scriptsOf } from './bundle-report.mjs';
export { lazyRoutesOf, ROUTE_CHUNKS_FILE } from './route-chunks.mjs';

const workspaceRoot = path.resolve(import.meta.dirname, '../../..');

/** The packages that must exist once per page. Everything else each app bundles for itself. */
export const sharedSingletonPackages = [
  'react',
  'react-dom',
  'react-router',
  '@tanstack/react-query',
  '@plantfolk/ui',
  '@plantfolk/session',
];

/**
 * Browsers we build for (Mantine 9's baseline). Without explicit targets the CSS minifier assumes
 * very old browsers and multiplies Mantine's selectors several times over.
 */
export const browserTargets = ['chrome >= 111', 'edge >= 111', 'firefox >= 113', 'safari >= 16.4'];

/** Ports of `npm run dev` for each app. */
export const devPorts = { shell: 4200, social: 4201, events: 4202, admin: 4203 };

/** Where `npm start` (the gateway) serves the API and the remotes during development. */
const gatewayUrl = process.env.PLANTFOLK_GATEWAY_URL ?? 'http://localhost:3000';

/** @param {string} packageName */
function installedVersion(packageName) {
  const manifest = path.join(workspaceRoot, 'node_modules', packageName, 'package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/**
 * `singleton` + `requiredVersion` for each shared package; no `eager`: each entry starts with a
 * dynamic `import('./bootstrap')`, which gives the runtime time to negotiate versions first.
 */
export function sharedSingletons() {
  return {
    ...Object.fromEntries(
      sharedSingletonPackages.map((name) => [
        name,
        { singleton: true, requiredVersion: `^${installedVersion(name)}` },
      ]),
    ),
    // React is served by Preact (preact/compat, see preact/react.mjs): the singletons keep React's
    // names, and all three come out of the one Preact of 'react'. The shell's bootstrap renders
    // with react-dom/client: it must be the same copy as react-dom.
    ...Object.fromEntries(
      /** @type {[string, string][]} */ ([
        ['react', preactReact],
        ['react-dom', preactReactDom],
        ['react-dom/client', preactReactDomClient],
      ]).map(([name, module]) => [
        name,
        {
          singleton: true,
          import: module,
          requiredVersion: `^${installedVersion('preact')}`,
          version: installedVersion('preact'),
        },
      ]),
    ),
    // The UI kit's second singleton: form controls no first view renders (libs/ui/src/controls.ts),
    // downloaded with the first chunk that imports one instead of with the kit.
    '@plantfolk/ui/controls': {
      singleton: true,
      requiredVersion: `^${installedVersion('@plantfolk/ui')}`,
      version: installedVersion('@plantfolk/ui'),
    },
    // Shared through modules that name the exports the apps use (see react-router-singleton.mjs).
    '@tanstack/react-query': {
      singleton: true,
      import: reactQuerySingleton,
      requiredVersion: `^${installedVersion('@tanstack/react-query')}`,
      version: installedVersion('@tanstack/react-query'),
    },
    'react-router': {
      singleton: true,
      import: reactRouterSingleton,
      requiredVersion: `^${installedVersion('react-router')}`,
      version: installedVersion('react-router'),
    },
  };
}

/** The react-query module the apps share: only the exports they use. */
export const reactQuerySingleton = path.join(import.meta.dirname, 'react-query-singleton.mjs');

/** What react-query-singleton.mjs re-exports from, under a name no shared key matches. */
const reactQueryBuild = path.join(
  workspaceRoot,
  'node_modules/@tanstack/react-query/build/modern/index.js',
);

/** The react-router module the apps share: only the exports they use. */
export const reactRouterSingleton = path.join(import.meta.dirname, 'react-router-singleton.mjs');

/**
 * What react-router-singleton.mjs re-exports from: the package's production build (its exports
 * map only offers the development one), under a name no shared key matches.
 */
const reactRouterBuild = path.join(
  workspaceRoot,
  'node_modules/react-router/dist/production/index.mjs',
);

/**
 * The federation runtime's packages ship CommonJS and ES module builds side by side; the plugin
 * picks the CommonJS ones (it finds them with require.resolve), which the bundler can neither
 * tree-shake nor concatenate. Their ES module builds instead: 5.6 kB gzip less in the shell's
 * first script, about 5 kB less in each remote's entry (frontends/PERFORMANCE.md). The aliases
 * replace the plugin's own (same keys); the replacement catches the `.cjs` files it names by path.
 */
const FEDERATION_CJS = /[\\/]node_modules[\\/]@module-federation[\\/].*\.cjs$/;
const federationRuntimeEsm = {
  '@module-federation/runtime': path.join(
    workspaceRoot,
    'node_modules/@module-federation/runtime/dist/index.js',
  ),
  '@module-federation/runtime-tools': path.join(
    workspaceRoot,
    'node_modules/@module-federation/runtime-tools/dist/index.js',
  ),
};

/** The Module Federation plugin's build-time stats (see BuildManifestPlugin). */
const MF_STATS_FILE = 'mf-manifest-stats.json';

/**
 * Emits `build-manifest.json` = {name, buildId}, the buildId being a hash of every emitted asset.
 * It is derived from content only, so an unchanged rebuild writes the same bytes; the shell polls
 * it to notice a new deployment.
 */
export class BuildManifestPlugin {
  /** @param {string} appName */
  constructor(appName) {
    this.appName = appName;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          // The Module Federation plugin's build-time stats come out differently from one build of
          // the same sources to the next (its usedIn/requires lists are filled racily), and
          // nothing reads them at run time (the shell loads mf-manifest.json); shipping them
          // would make unchanged rebuilds differ.
          if (compilation.getAsset(MF_STATS_FILE)) compilation.deleteAsset(MF_STATS_FILE);
          const hash = createHash('sha256');
          const names = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((name) => name !== 'build-manifest.json')
            .sort();
          for (const name of names) {
            hash.update(name).update('\0');
            hash.update(compilation.getAsset(name)?.source.buffer() ?? Buffer.alloc(0));
          }
          const manifest = { name: this.appName, buildId: hash.digest('hex').slice(0, 20) };
          compilation.emitAsset(
            'build-manifest.json',
            new rspack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}

/**
 * @typedef {object} FrontendOptions
 * @property {'shell' | 'social' | 'events' | 'admin'} name Module Federation name.
 * @property {string} projectRoot Absolute folder of the app.
 * @property {'host' | 'remote'} role
 * @property {boolean} [standalone] Remote only: also build the team's standalone host page.
 * @property {string} [outputDir] Defaults to `dist`.
 * @property {Record<string, string>} [env] rspack CLI `--env` values.
 * @property {string} [mode] 'production' | 'development'.
 */

/**
 * @param {FrontendOptions} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createFrontendConfig({
  name,
  projectRoot,
  role,
  standalone = false,
  outputDir,
  mode,
}) {
  const isProduction = mode !== 'development';
  const isHost = role === 'host';
  const withPage = isHost || standalone;
  const hashed = (/** @type {string} */ ext) =>
    isProduction ? `[name].[contenthash:10].${ext}` : `[name].${ext}`;
  const publicDir = path.join(projectRoot, 'public');

  /** @type {import('@rspack/core').RspackPluginInstance[]} */
  const plugins = [
    new ModuleFederationPlugin({
      name,
      ...(isHost
        ? // Remotes are registered at runtime from /runtime-config.json, never at build time.
          { remotes: {} }
        : {
            filename: 'remoteEntry.js',
            exposes: { './routes': './src/routes.tsx' },
            manifest: { fileName: 'mf-manifest.json' },
          }),
      // The host is never loaded by anyone, so it needs no manifest of its own.
      ...(isHost ? { manifest: false } : {}),
      experiments: {
        // The federation runtime ships once per page: the host provides its copy to the remotes
        // (as a global), and a remote's entry leaves its own out. A remote's standalone page is a
        // host of its own, so that build keeps the runtime.
        ...(isHost ? { provideExternalRuntime: true } : {}),
        ...(!isHost && !standalone ? { externalRuntime: true } : {}),
        // Browser-only: leaves the runtime's Node.js loading paths out. No snapshot plugin: remotes
        // are registered with their entry script, never a manifest (remote-entry-url.ts).
        optimization: { target: 'web', disableSnapshot: true },
      },
      shared: sharedSingletons(),
      // The first provider of a singleton keeps it. With the default ('version-first') a remote
      // whose copy has the same version takes over a singleton nobody has loaded yet, by name;
      // `@plantfolk/ui/controls` would then come from the remote while `@plantfolk/ui` came from
      // the shell: two Mantine instances, and the controls without a MantineProvider.
      shareStrategy: 'loaded-first',
      // The shell types remotes through the RemoteModule contract of @plantfolk/ui instead.
      dts: false,
    }),
    new BuildManifestPlugin(name),
    // The federation runtime as ES modules (see federationRuntimeEsm below).
    new rspack.NormalModuleReplacementPlugin(FEDERATION_CJS, (data) => {
      data.request = data.request.replace(/\.cjs$/, '.js');
    }),
  ];
  if (!isHost) {
    // Which files each route's page loads, for the shell's first script to preload.
    plugins.push(new RouteChunksPlugin({ projectRoot, routesFile: 'src/routes.tsx' }));
  }
  if (withPage) {
    plugins.push(
      new rspack.HtmlRspackPlugin({
        template: isHost
          ? path.join(projectRoot, 'src/index.html')
          : path.join(import.meta.dirname, '../src/standalone/index.html'),
        chunks: ['main'],
        scriptLoading: 'defer',
        minify: isProduction,
      }),
    );
  }
  if (isHost && existsSync(publicDir)) {
    plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: publicDir, to: '.' }] }));
  }
  if (isProduction) {
    plugins.push(new PrecompressPlugin(), new BundleReportPlugin({ name, role, projectRoot }));
  }

  return {
    name,
    context: projectRoot,
    mode: isProduction ? 'production' : 'development',
    target: ['web', 'es2022'],
    entry: withPage ? { main: isHost ? './src/index.ts' : './src/standalone.ts' } : {},
    output: {
      path: path.join(projectRoot, outputDir ?? 'dist'),
      // Pages live at deep URLs (/event/abc), so a page's assets need absolute paths; a remote
      // may be served from any URL, so it finds its own chunks next to its remoteEntry.js.
      publicPath: withPage ? '/' : 'auto',
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      cssFilename: hashed('css'),
      cssChunkFilename: hashed('css'),
      uniqueName: `plantfolk_${name}`,
      clean: true,
    },
    devtool: isProduction ? false : 'cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        'plantfolk-react-router-build$': reactRouterBuild,
        'plantfolk-react-query-build$': reactQueryBuild,
        ...federationRuntimeEsm,
        // React served by Preact; the shared singletons above use the same modules.
        ...Object.fromEntries(reactAliases.map(([name, module]) => [`${name}$`, module])),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          type: 'javascript/auto',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProduction } },
            },
          },
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      realContentHash: true,
      // One file per shared singleton and per page, not a common chunk for every combination of
      // them: a first view over HTTP/1.1 (six connections) waited a round trip for each of its
      // 26 files. A module that two later chunks share (Mantine's core in the controls and the
      // overlays) ships in both; the registry still runs it once (frontends/PERFORMANCE.md).
      splitChunks: { chunks: 'async', cacheGroups: { default: false, defaultVendors: false } },
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({
          minimizerOptions: { targets: browserTargets },
        }),
      ],
    },
    performance: { hints: false },
    stats: isProduction ? 'errors-warnings' : 'minimal',
    plugins,
    devServer: {
      port: devPorts[name],
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      // A remote's dev server can also be loaded by a shell on another port.
      headers: isHost ? undefined : { 'Access-Control-Allow-Origin': '*' },
      static: isHost && existsSync(publicDir) ? { directory: publicDir } : false,
      proxy: [
        {
          context: isHost
            ? ['/api', '/storage', '/remotes', '/admin/queues']
            : ['/api', '/storage', '/admin/queues'],
          target: gatewayUrl,
          changeOrigin: false,
        },
      ],
    },
  };
}
