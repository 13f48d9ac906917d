import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateOpenApiText } from '../src/platform/openapi/generate-openapi';

const COMMITTED = resolve(__dirname, '../../libs/api-client/openapi.json');

describe('OpenAPI document', () => {
  let generated: string;
  beforeAll(async () => (generated = await generateOpenApiText()));

  it('matches the committed libs/api-client/openapi.json (run `npm run openapi:write -w @plantfolk/backend`)', () => {
    expect(generated).toBe(readFileSync(COMMITTED, 'utf8'));
  });

  it('names the access policy of every operation', () => {
    const document = JSON.parse(generated) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method,
        policy: operation['x-access-policy'],
      })),
    );
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((operation) => !operation.policy)).toEqual([]);
  });
});
