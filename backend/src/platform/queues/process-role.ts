/** Which entry point started this process: the HTTP API (main.ts) or the worker (worker.ts). */
export type ProcessRole = 'api' | 'worker';
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
