import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const PROBE = resolve(__dirname, 'support/lint-probe.mjs');
const SQL_CALL =
  'export function count(db: { query(sql: string): Promise<unknown> }) {\n' +
  "  return db.query('SELECT count(*) FROM plant');\n}\n";

interface Finding {
  rule: string | null;
  message: string;
}

/**
 * Lints each snippet as if it were the file at `path` (relative to the repository), with the
 * workspace's ESLint config; keeps the module-boundary findings.
 */
function lint(cases: Array<{ path: string; code: string }>): Finding[][] {
  const output = execFileSync(process.execPath, [PROBE], {
    input: JSON.stringify(cases),
    encoding: 'utf8',
  });
  return (JSON.parse(output) as Finding[][]).map((findings) =>
    findings.filter(
      (finding) =>
        finding.rule?.startsWith('plantfolk/') || finding.rule === 'no-restricted-syntax',
    ),
  );
}

describe('module boundaries and SQL placement (lint rules of eslint.config.mjs)', () => {
  let findings: Finding[][];
  beforeAll(() => {
    findings = lint([
      // 0: plants reaching into content's internals
      {
        path: 'backend/src/modules/plants/probe.ts',
        code: "import { PostsService } from '../content/posts.service';\nexport { PostsService };\n",
      },
      // 1: plants through content's public face
      {
        path: 'backend/src/modules/plants/probe.ts',
        code: "import { ContentService } from '../content';\nexport { ContentService };\n",
      },
      // 2: a deep type import and a deep dynamic import count too
      {
        path: 'backend/src/modules/profiles/dto/probe.ts',
        code:
          "import type { PlantView } from '../../plants/plant-kind';\n" +
          "export const load = () => import('../../content/feeds.service');\n" +
          'export type { PlantView };\n',
      },
      // 3: identity importing content, which imports identity
      {
        path: 'backend/src/modules/identity/probe.ts',
        code: "import { ContentService } from '../content';\nexport { ContentService };\n",
      },
      // 4: the platform importing a module, even its face
      {
        path: 'backend/src/platform/http/probe.ts',
        code: "import { TagsService } from '../../modules/tags';\nexport { TagsService };\n",
      },
      // 5: a module's own internals, and a test reaching into any module
      {
        path: 'backend/src/modules/content/probe.ts',
        code: "import { PostsService } from './posts.service';\nexport { PostsService };\n",
      },
      {
        path: 'backend/test/content/probe.spec.ts',
        code: "import { PostsService } from '../../src/modules/content/posts.service';\nexport { PostsService };\n",
      },
      // 7: forwardRef
      {
        path: 'backend/src/modules/plants/probe.ts',
        code: "import { forwardRef } from '@nestjs/common';\nexport const later = forwardRef(() => Object);\n",
      },
      // 8, 9: SQL text in a service, and the same in a queries file
      { path: 'backend/src/modules/plants/probe.service.ts', code: SQL_CALL },
      { path: 'backend/src/modules/plants/probe.queries.ts', code: SQL_CALL },
    ]);
  }, 60_000);

  it('refuses a deep import of another module, naming its public face', () => {
    expect(findings[0]).toEqual([
      expect.objectContaining({
        rule: 'plantfolk/module-public-face',
        message: expect.stringContaining('modules/content/index.ts'),
      }),
    ]);
  });

  it('admits an import through the public face', () => {
    expect(findings[1]).toEqual([]);
  });

  it('refuses deep type-only and dynamic imports as well', () => {
    expect(findings[2].map((finding) => finding.rule)).toEqual([
      'plantfolk/module-public-face',
      'plantfolk/module-public-face',
    ]);
  });

  it('refuses an import that closes a cycle between modules, naming the cycle', () => {
    expect(findings[3]).toEqual([
      expect.objectContaining({
        rule: 'plantfolk/no-module-cycles',
        message: expect.stringContaining('modules/identity → modules/content → modules/identity'),
      }),
    ]);
  });

  it('keeps the platform free of modules', () => {
    expect(findings[4]).toEqual([
      expect.objectContaining({
        rule: 'plantfolk/module-public-face',
        message: expect.stringContaining('platform/'),
      }),
    ]);
  });

  it('lets a module use its own internals, and tests reach any module’s', () => {
    expect(findings[5]).toEqual([]);
    expect(findings[6]).toEqual([]);
  });

  it('refuses forwardRef in the backend', () => {
    expect(findings[7]).toEqual([
      expect.objectContaining({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining('No forwardRef'),
      }),
    ]);
  });

  it('keeps SQL text in a module’s queries files', () => {
    expect(findings[8]).toEqual([
      expect.objectContaining({
        rule: 'no-restricted-syntax',
        message: expect.stringContaining('*.queries.ts'),
      }),
    ]);
    expect(findings[9]).toEqual([]);
  });
});
