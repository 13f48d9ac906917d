import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const apps = ['shell', 'social', 'events', 'admin'] as const;

/** Every file of an app's dist with its content hash and modification time. */
function snapshot(app: (typeof apps)[number]): Record<string, string> {
  const dist = path.join(root, 'frontends', app, 'dist');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
        files[path.relative(dist, full)] = `${hash}@${statSync(full).mtimeMs}`;
      }
    }
  };
  walk(dist);
  return files;
}

const contentOnly = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([name, value]) => [name, value.split('@')[0]]));

test('building one remote leaves the shell and the other remotes untouched, and rebuilds identically in the same checkout', async () => {
  test.setTimeout(180_000);
  const before = Object.fromEntries(apps.map((app) => [app, snapshot(app)]));
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run', 'social:build', '--skip-nx-cache'],
    {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' },
      stdio: 'pipe',
    },
  );
  for (const app of ['shell', 'events', 'admin'] as const) {
    expect(snapshot(app), `${app} dist changed`).toEqual(before[app]);
  }
  expect(
    contentOnly(snapshot('social')),
    'an unchanged social rebuild produced different files',
  ).toEqual(contentOnly(before.social));
});
