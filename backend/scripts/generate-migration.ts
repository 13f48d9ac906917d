/**
 * Writes a migration with the SQL that brings the schema in line with the entities.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run migration:generate -w @plantfolk/backend -- AddThings
 * DATABASE_URL only names the server: the diff runs in a scratch database that is dropped afterwards.
 * Review the file, then commit it. Never edit a migration after it has been committed.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createScratchDatabase, loadAllEntities, pendingSchemaChanges } from './schema-tools';

async function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
    console.error('Usage: npm run migration:generate -w @plantfolk/backend -- <PascalCaseName>');
    process.exit(2);
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('Set DATABASE_URL to a PostgreSQL server (e.g. the one `npm start` printed).');
    process.exit(2);
  }
  const scratch = await createScratchDatabase(serverUrl, 'plantfolk_migration');
  try {
    const { up, down } = await pendingSchemaChanges(scratch.url, loadAllEntities());
    if (!up.length) {
      console.info('The entities match the migrations; nothing to generate.');
      return;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const dir = resolve(__dirname, '../src/database/migrations');
    const quote = (query: string) =>
      `    await queryRunner.query(\`${query.replace(/`/g, '\\`')}\`);`;
    writeFileSync(
      join(dir, `${timestamp}-${name}.ts`),
      `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up.map(quote).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down.map(quote).join('\n')}
  }
}
`,
    );
    const indexPath = join(dir, 'index.ts');
    const index = readFileSync(indexPath, 'utf8')
      .replace(/^(\/\/.*\n)/, `$1import { ${className} } from './${timestamp}-${name}';\n`)
      .replace(/export const migrations = \[([^\]]*)\];/, (_, list: string) => {
        const items = list
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        return `export const migrations = [${[...items, className].join(', ')}];`;
      });
    writeFileSync(indexPath, index);
    console.info(
      `Wrote src/database/migrations/${timestamp}-${name}.ts (${up.length} statements). Review it before committing.`,
    );
  } finally {
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
