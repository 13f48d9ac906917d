import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

describe('generated OpenAPI types', () => {
  it('match what regenerating from openapi.json produces (run `npm run generate` if not)', () => {
    const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js');
    const outDir = mkdtempSync(join(tmpdir(), 'plantfolk-schema-'));
    try {
      const regenerated = join(outDir, 'schema.ts');
      execFileSync(process.execPath, [cli, 'openapi.json', '-o', regenerated], {
        cwd: projectRoot,
        stdio: 'pipe',
      });
      const committed = readFileSync(join(projectRoot, 'src/generated/schema.ts'), 'utf8');
      expect(committed).toBe(readFileSync(regenerated, 'utf8'));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('field rules match what regenerating from openapi.json produces (run `npm run generate` if not)', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'plantfolk-rules-'));
    try {
      const regenerated = join(outDir, 'field-rules.ts');
      execFileSync(process.execPath, ['scripts/generate-field-rules.mjs', regenerated], {
        cwd: projectRoot,
        stdio: 'pipe',
      });
      const committed = readFileSync(join(projectRoot, 'src/generated/field-rules.ts'), 'utf8');
      expect(committed).toBe(readFileSync(regenerated, 'utf8'));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
