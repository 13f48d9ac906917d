import { resolve } from 'node:path';

/** The repository root (bench files sit at backend/bench/…). */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** The PostgreSQL server the bench creates its databases on. */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function redisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** Where the dataset's image files live (the API's STORAGE_DIR during a run). */
export function benchStorageDir(size: string): string {
  return resolve(process.env.BENCH_STORAGE_DIR ?? resolve(REPO_ROOT, '.data/bench-storage'), size);
}
