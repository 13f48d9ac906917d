import fs from 'node:fs';
import path from 'node:path';

/** dist/bundle-report.json, written by every production build (libs/ui/rspack/bundle-report.mjs). */
export interface BundleReport {
  name: string;
  role: 'host' | 'remote';
  entry: FileGroup;
  exposes: Record<string, FileGroup>;
  shared: Record<string, FileGroup>;
  asyncImports: (FileGroup & { from: string; request: string; line: number })[];
  sizes: Record<string, { bytes: number; gzip: number; brotli: number }>;
}
interface FileGroup {
  files: string[];
  consumes: string[];
}

export interface Download {
  /** Scripts as the browser requests them (`/main.x.js`, `/remotes/social/remoteEntry.js`). */
  files: string[];
  bytes: number;
  gzip: number;
  brotli: number;
}

/** Budgets in bytes of gzip JavaScript (issue 9). */
export const FIRST_VIEW_BUDGET = 170_000;
export const FURTHER_REMOTE_BUDGET = 40_000;

export function readBundleReport(distDir: string): BundleReport {
  const file = path.join(distDir, 'bundle-report.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the frontends first (npx nx run-many -t build)`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BundleReport;
}

/**
 * The scripts a page loads: the shell's entry and bootstrap, then, for the remote owning the
 * route, its remoteEntry.js, its exposed routes module and the route's own chunks. Shared
 * singletons come from the shell (the host registers its copies first), each once, whoever
 * consumes it; a remote's own fallbacks are never loaded.
 */
export class PageLoad {
  private readonly files = new Map<string, { bytes: number; gzip: number; brotli: number }>();
  private readonly singletons = new Set<string>();

  constructor(private readonly shell: BundleReport) {
    const boot = shell.asyncImports.filter((group) => group.from === 'src/index.ts');
    this.load(shell, '', [shell.entry, ...boot]);
  }

  /** Adds a remote's entry, exposed modules and the chunks of one of its routes' imports. */
  addRemote(remote: BundleReport, routeRequest?: string): this {
    const route = routeRequest
      ? remote.asyncImports.find((group) => group.request === routeRequest)
      : remote.asyncImports.find((group) => group.from === 'src/routes.tsx');
    if (routeRequest && !route) throw new Error(`${remote.name} imports no ${routeRequest}`);
    this.load(remote, `remotes/${remote.name}/`, [
      { files: remote.entry.files, consumes: [] },
      ...Object.values(remote.exposes),
      ...(route ? [route] : []),
    ]);
    return this;
  }

  total(): Download {
    const sizes = [...this.files.values()];
    const sum = (key: 'bytes' | 'gzip' | 'brotli') =>
      sizes.reduce((total, size) => total + size[key], 0);
    return {
      files: [...this.files.keys()],
      bytes: sum('bytes'),
      gzip: sum('gzip'),
      brotli: sum('brotli'),
    };
  }

  private load(report: BundleReport, prefix: string, groups: FileGroup[]): void {
    for (const group of groups) {
      for (const file of group.files) {
        if (!file.endsWith('.js')) continue;
        const size = report.sizes[file];
        if (!size) throw new Error(`${report.name}: no size for ${file}`);
        this.files.set(`/${prefix}${file}`, size);
      }
      for (const key of group.consumes) {
        if (this.singletons.has(key)) continue;
        const provided = this.shell.shared[key];
        if (!provided)
          throw new Error(`${report.name} consumes ${key}, which the shell does not share`);
        this.singletons.add(key);
        this.load(this.shell, '', [provided]);
      }
    }
  }
}
