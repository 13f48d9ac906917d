/**
 * Prints the top costs of a `.cpuprofile` (from `npm run bench -- --cpu-prof <dir>`): self time by
 * function and by package, and inclusive time by function (a sample counts once per function on its
 * stack), as shares of the busy (non-idle) time.
 *
 *   node -r @swc-node/register bench/support/profile-summary.ts <file.cpuprofile>... [--top 30]
 *     [--requests N]   (the requests the profiles served: adds µs per request to each line)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '~/');
  const short = file.replace(/^\/work\/main\//, '');
  return `${functionName || '(anonymous)'} ${short ? `${short}:${lineNumber + 1}` : ''}`.trim();
}

function packageOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName || '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return url;
  const local = /backend\/(?:dist|src|bench)\/(.*?)(?:\/[^/]+)?$/.exec(url);
  return local ? `app:${local[1] || '.'}` : url;
}

export function summarise(files: string[], top: number, requests = 0): string {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    profile.samples.forEach((id, index) => {
      const micros = profile.timeDeltas[index] ?? 0;
      const node = byId.get(id);
      if (!node) return;
      if (node.callFrame.functionName === '(idle)') {
        idle += micros;
        return;
      }
      busy += micros;
      const own = label(node);
      self.set(own, (self.get(own) ?? 0) + micros);
      const pkg = packageOf(node);
      packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at);
        if (!frame) break;
        const name = label(frame);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
      }
    });
  }
  const table = (title: string, map: Map<string, number>) =>
    [
      `${title}`,
      ...[...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(
          ([name, micros]) =>
            `  ${((100 * micros) / busy).toFixed(1).padStart(5)} %` +
            (requests ? `  ${(micros / requests).toFixed(1).padStart(6)} µs/req` : '') +
            `  ${name}`,
        ),
    ].join('\n');
  return [
    `busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s` +
      (requests ? `, ${(busy / requests).toFixed(1)} µs busy per request` : ''),
    table('self time by package', packages),
    table('self time by function', self),
    table('inclusive time by function', inclusive),
  ].join('\n\n');
}

if (require.main === module) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '30' }, requests: { type: 'string', default: '0' } },
  });
  process.stdout.write(`${summarise(positionals, Number(values.top), Number(values.requests))}\n`);
}
