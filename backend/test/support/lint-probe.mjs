// Lints source text as if it sat at the given paths of the workspace, with the workspace's own
// ESLint config, and prints each case's messages as JSON. Reads `[{ path, code }]` on stdin.
// module-boundaries.spec.ts runs it; Nx's project-graph rule is left out (it needs a real file).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let input = '';
for await (const chunk of process.stdin) input += chunk;

const eslint = new ESLint({
  cwd: REPO,
  overrideConfig: { rules: { '@nx/enforce-module-boundaries': 'off' } },
});
const results = [];
for (const { path, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: join(REPO, path) });
  results.push(result.messages.map(({ ruleId, message }) => ({ rule: ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
