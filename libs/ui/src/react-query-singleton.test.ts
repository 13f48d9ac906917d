import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const workspace = path.resolve(import.meta.dirname, '../../..');
const singleton = fs.readFileSync(
  path.join(workspace, 'libs/ui/rspack/react-query-singleton.mjs'),
  'utf8',
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared @tanstack/react-query module', () => {
  it('exports every react-query value the apps and libraries import', () => {
    const exported = new Set(
      /export \{([^}]*)\}/.exec(singleton)?.[1]?.match(/[A-Za-z_$][\w$]*/g) ?? [],
    );
    const roots = ['frontends/shell/src', 'frontends/social/src', 'frontends/events/src']
      .concat(['frontends/admin/src', 'libs/ui/src', 'libs/session/src', 'libs/api-client/src'])
      .map((dir) => path.join(workspace, dir))
      .filter((dir) => fs.existsSync(dir));
    const missing = new Set<string>();
    for (const file of roots.flatMap(sourceFiles)) {
      const source = fs.readFileSync(file, 'utf8');
      const imports = source.matchAll(
        /import\s*(type\s+)?\{([^}]*)\}\s*from\s*'@tanstack\/react-query'/g,
      );
      for (const [, typeOnly, names] of imports) {
        if (typeOnly) continue;
        for (const part of (names ?? '').split(',')) {
          const name =
            part
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim() ?? '';
          if (!name || name.startsWith('type ')) continue;
          if (!exported.has(name)) missing.add(`${name} (${path.relative(workspace, file)})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
