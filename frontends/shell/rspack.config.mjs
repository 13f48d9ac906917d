// @ts-check
import { createFrontendConfig } from '@plantfolk/ui/rspack';

/** `rspack build` emits the shell into dist/; `rspack serve` runs it on port 4200. */
/** @param {Record<string, unknown>} _env @param {{ mode?: string }} argv */
export default (_env, argv) =>
  createFrontendConfig({
    name: 'shell',
    role: 'host',
    projectRoot: import.meta.dirname,
    mode: argv.mode ?? 'production',
  });
