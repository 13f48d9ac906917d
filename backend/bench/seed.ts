/**
 * Seeds (or reuses) the benchmark's dataset database without running the benchmark:
 *
 *   npm run bench:seed -- --size small [--reseed] [--check]
 *
 * Env: DATABASE_URL (a server where we may create databases; default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_STORAGE_DIR (default .data/bench-storage).
 */
import { Client } from 'pg';
import { parseArgs } from 'node:util';
import { counterMismatches, datasetSize, ensureDatasetDatabase } from './dataset';
import { benchStorageDir, serverUrl } from './support/env';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: 'small' },
      reseed: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
    },
  });
  const size = datasetSize(values.size as string);
  const database = await ensureDatasetDatabase(serverUrl(), {
    size,
    storageDir: benchStorageDir(size.name),
    reseed: values.reseed,
  });
  console.info(
    `${database.seeded ? 'Seeded' : 'Reused'} ${database.name}: ${JSON.stringify(database.counts)}`,
  );
  if (values.check) {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const problems = await counterMismatches(client);
      console.info(problems.length ? `Counters: ${problems.join('; ')}` : 'Counters consistent');
      if (problems.length) process.exitCode = 1;
    } finally {
      await client.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
