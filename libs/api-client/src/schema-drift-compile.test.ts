import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = resolve(projectRoot, 'src/generated/schema.ts');
/** A screen's use of the client, compiled with the wrappers (a field drift shows up here). */
const consumerFile = resolve(projectRoot, 'src/drift-consumer.ts');
const consumerSource = `
import { contentApi } from './index';
export const reply = () => contentApi.createComment({ postId: 'Ab12Cd34Ef', content: 'Nice' });
`;

/**
 * Compiles the client (not its tests) against the generated schema as `edit` changes it, as if
 * the API had changed and `npm run generate` had run, and answers each error as `file: message`.
 */
function compileAgainst(edit: (schema: string) => string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(projectRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.fileExists = (
    (fileExists) => (file: string) =>
      resolve(file) === consumerFile || fileExists(file)
  )(host.fileExists.bind(host));
  host.readFile = (file) => {
    if (resolve(file) === consumerFile) return consumerSource;
    const text = readFile(file);
    return resolve(file) === schemaFile && text !== undefined ? edit(text) : text;
  };
  const rootNames = [
    ...config.fileNames.filter((file) => !/\.test\.tsx?$/.test(file)),
    consumerFile,
  ];
  const program = ts.createProgram({ rootNames, options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const file = diagnostic.file ? diagnostic.file.fileName.slice(projectRoot.length + 1) : '';
    return `${file}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`The schema no longer contains ${String(from)}`);
  return changed;
}

describe('a drift between the API and the client', () => {
  it('compiles cleanly against the committed document', () => {
    expect(compileAgainst((schema) => schema)).toEqual([]);
  }, 60_000);

  it('fails to compile when a path the client calls is renamed', () => {
    const errors = compileAgainst((schema) =>
      replaceOnce(schema, '"/api/iam/posts/init-recent": {', '"/api/iam/posts/recent-feed": {'),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/^src\/content\/content-api\.ts: .*"\/api\/iam\/posts\/init-recent"/),
    );
  }, 60_000);

  it('fails to compile when a field the client sends is renamed', () => {
    const errors = compileAgainst((schema) =>
      replaceOnce(schema, /(NewCommentDto: \{[\s\S]*?)postId: string;/, '$1post_id: string;'),
    );
    expect(errors).toContainEqual(expect.stringMatching(/^src\/drift-consumer\.ts: .*'postId'/));
  }, 60_000);
});
