import { runInBackground } from './platform/queues/process-priority';

/**
 * The worker's CPU priority. Its jobs are background work (rendering photos above all) that may
 * share cores with an API process: SCHED_IDLE where available, else niceness 10 (see
 * runInBackground). A backlog of renders then uses every idle core without slowing the API's
 * answers (`npm run bench`, upload-backlog). This ranks threads within one scheduling group only
 * (a container's cgroup, a login session's autogroup): docker-compose.yml gives the worker
 * container a low `cpu_shares` too.
 *
 * On import: worker.ts imports this module before any other, so that no thread of the worker
 * (libuv's pool, libvips' workers) starts at the normal priority.
 */
runInBackground();
