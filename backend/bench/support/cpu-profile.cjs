/**
 * Preloaded into the API and the raw baseline by `npm run bench -- --cpu-prof <dir>` (node -r): SIGWINCH starts V8's
 * sampling profiler, the next SIGWINCH stops it and writes `<dir>/profile-<pid>-<n>.cpuprofile` (open it
 * in Chrome DevTools or speedscope; `bench/support/profile-summary.ts` prints its top costs). The
 * driver signals around each scenario's rounds of each server, so boot and the other scenarios stay out of it.
 * Node's own `--cpu-prof` writes only at a clean exit, and the API ends on SIGTERM. (SIGWINCH,
 * because Nest's shutdown hooks close the app on SIGUSR2, and SIGUSR1 opens the inspector.)
 */
'use strict';
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  let running = false;
  let count = 0;
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.start');
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (error) {
        console.error('cpu profile:', error.message);
        return;
      }
      count += 1;
      const file = join(dir, `profile-${process.pid}-${count}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      console.error(`cpu profile written: ${file}`);
    });
  });
}
