#!/usr/bin/env node
// `npm start`: makes sure the devstack package itself is built, then hands over to its start().
// Plain JavaScript on purpose: it must run from a fresh clone, before anything is compiled.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.info(`npm start [-- options]: builds what changed and runs Plantfolk locally on one origin.

  --demo        fill an empty database with the demo site (members, posts with photos, plant
                listings, comments, tags) once the API is up, and print a demo login; a database
                that already has members is left unchanged (same as npm run demo)
  --skip-build  start what is built already
  --help        this text

Env: DATABASE_URL, REDIS_URL, SMTP_URL (else embedded or spawned ones, data in .data/),
WEB_PORT (3000), PORT (API, 3001), ADMIN_EMAILS. See README.md.`);
  process.exit(0);
}

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(packageDir, '../..');
const distEntry = path.join(packageDir, 'dist', 'index.js');

/** Newest modification time of the sources that end up in dist (tests do not). */
function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === '__tests__' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale() {
  if (!fs.existsSync(distEntry)) return true;
  const built = fs.statSync(distEntry).mtimeMs;
  const sources = [
    path.join(packageDir, 'src'),
    path.join(packageDir, 'package.json'),
    path.join(packageDir, 'tsconfig.json'),
    path.join(packageDir, 'tsconfig.build.json'),
  ];
  return sources.some((source) => fs.existsSync(source) && newestMtime(source) > built);
}

if (isStale()) {
  const began = Date.now();
  console.info('devstack │ building the dev stack (libs/devstack)…');
  const pkg = JSON.parse(
    fs.readFileSync(path.join(rootDir, 'node_modules', 'nx', 'package.json'), 'utf8'),
  );
  const nxBin = path.join(rootDir, 'node_modules', 'nx', pkg.bin.nx);
  const result = spawnSync(
    process.execPath,
    [nxBin, 'run', 'devstack:build', '--outputStyle=static-failures-only'],
    {
      cwd: rootDir,
      encoding: 'utf8',
      env: { NX_DAEMON: 'false', ...process.env, NX_TUI: 'false', FORCE_COLOR: '0' },
    },
  );
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(
      `devstack │ building libs/devstack failed${result.error ? `: ${result.error.message}` : '; see above'}.`,
    );
    process.exit(result.status ?? 1);
  }
  console.info(`devstack │ built in ${((Date.now() - began) / 1000).toFixed(1)} s`);
}

const { start } = await import(pathToFileURL(distEntry).href);
const code = await start({
  rootDir,
  skipBuild: process.argv.includes('--skip-build'),
  demo: process.argv.includes('--demo'),
});
process.exit(code);
