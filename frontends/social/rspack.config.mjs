// @ts-check
import { createFrontendConfig } from '@plantfolk/ui/rspack';

/**
 * `rspack build` emits the remote (remoteEntry.js, mf-manifest.json) into dist/.
 * `--env standalone` (and `rspack serve`) add the team's standalone host page.
 * @param {Record<string, unknown>} env @param {{ mode?: string }} argv
 */
export default (env, argv) => {
  const mode = argv.mode ?? 'production';
  const standalone = Boolean(env.standalone) || mode === 'development';
  return createFrontendConfig({
    name: 'social',
    role: 'remote',
    projectRoot: import.meta.dirname,
    mode,
    standalone,
    outputDir: standalone && mode === 'production' ? 'dist-standalone' : 'dist',
  });
};
