/** The file name every Plantfolk remote gives its entry script (libs/ui/rspack). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * The runtime config names each remote by its `mf-manifest.json`; the shell loads the entry
 * script beside it directly, which saves the manifest's round trip before any remote code can
 * start downloading. A URL that is not a manifest is taken to be the entry itself.
 */
export function remoteEntryUrl(manifestUrl: string): string {
  return manifestUrl.replace(/(^|\/)mf-manifest\.json(?=$|[?#])/, `$1${REMOTE_ENTRY_FILE}`);
}
