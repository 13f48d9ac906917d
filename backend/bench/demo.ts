/**
 * `npm start -- --demo` runs this once the API is up (migrations applied): fills an empty database
 * with the demo site. Env: DATABASE_URL, STORAGE_DIR (the API's). Exit 0: seeded (the last line
 * is `login: <email> <password>`); 3: refused, the database has members (nothing changed).
 */
import { Client } from 'pg';
import { seedDemo } from './dataset/demo';

export const DEMO_REFUSED_EXIT_CODE = 3;

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  const storageDir = process.env.STORAGE_DIR;
  if (!url || !storageDir) {
    console.error('DATABASE_URL and STORAGE_DIR must be set.');
    return 1;
  }
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const outcome = await seedDemo(client, {
      storageDir,
      onProgress: (message) => console.info(message),
    });
    if (!outcome.seeded) {
      console.info(`not seeding: ${outcome.reason}`);
      return DEMO_REFUSED_EXIT_CODE;
    }
    const { counts } = outcome;
    console.info(
      `demo ready: ${counts.user_account} members, ${counts.post} posts (${counts.plant} plant listings, ` +
        `${counts.post_photo} photos), ${counts.comment} comments, ${counts.reaction} reactions`,
    );
    console.info(`login: ${outcome.login.email} ${outcome.login.password}`);
    return 0;
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
