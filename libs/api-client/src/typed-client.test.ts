import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ApiFetch, ApiRequestInit } from './api-fetch';
import type { ApiResult } from './envelope';
import { createApiClient, fillPathTemplate } from './typed-client';

/** A small document in the shape openapi-typescript generates, to exercise every typed part. */
interface FixturePaths {
  '/api/health': {
    get: {
      parameters: { query?: never; path?: never };
      requestBody?: never;
      responses: {
        200: { content: { 'application/json': { status: 'success'; data: { version: string } } } };
        503: { content: { 'application/json': { status: 'error' } } };
      };
    };
    post?: never;
  };
  '/api/iam/posts/{id}': {
    get: {
      parameters: { query?: { withComments?: boolean }; path: { id: string } };
      requestBody?: never;
      responses: {
        200: { content: { 'application/json': { status: 'success'; data: { id: string } } } };
      };
    };
    put: {
      parameters: { query?: never; path: { id: string } };
      requestBody: { content: { 'application/json': { text: string } } };
      responses: {
        200: { content: { 'application/json': { status: 'success'; data: { updated: true } } } };
      };
    };
  };
}

function clientWith(result: ApiResult<unknown> = { data: null }) {
  const fetcher = vi.fn(async (_path: string, _init?: ApiRequestInit) => result);
  // ApiFetch is generic in the data type; a stub returning one fixed result cannot say so.
  return { fetcher, client: createApiClient<FixturePaths>(fetcher as ApiFetch) };
}

describe('typed client', () => {
  it('calls the wrapper with the method, filled path, query and body', async () => {
    const { fetcher, client } = clientWith();

    await client.put('/api/iam/posts/{id}', { path: { id: 'a b/c' }, body: { text: 'Hi' } });
    await client.get('/api/iam/posts/{id}', { path: { id: 'p1' }, query: { withComments: true } });

    expect(fetcher).toHaveBeenNthCalledWith(1, '/api/iam/posts/a%20b%2Fc', {
      method: 'PUT',
      body: { text: 'Hi' },
      query: undefined,
      signal: undefined,
      headers: undefined,
      redirectOnUnauthorized: undefined,
    });
    expect(fetcher.mock.calls[1]?.[1]).toMatchObject({
      method: 'GET',
      query: { withComments: true },
    });
    expect(fetcher.mock.calls[1]?.[0]).toBe('/api/iam/posts/p1');
  });

  it('resolves to the unwrapped result of the wrapper', async () => {
    const { client } = clientWith({ data: { version: '1.2.3' } });

    await expect(client.get('/api/health')).resolves.toEqual({ data: { version: '1.2.3' } });
  });

  it('types paths, parameters, bodies and data from the document', () => {
    const { client } = clientWith();
    expectTypeOf(client.get('/api/health')).resolves.toEqualTypeOf<
      ApiResult<{ version: string }>
    >();
    expectTypeOf(client.put<'/api/iam/posts/{id}'>)
      .parameter(1)
      .toHaveProperty('body')
      .toEqualTypeOf<{ text: string }>();

    // The lines below are checked by `tsc` (typecheck target): each must be a type error.
    const typeErrors = () => {
      // @ts-expect-error the document has no such path
      void client.get('/api/nope');
      // @ts-expect-error POST is not declared for /api/health
      void client.post('/api/health');
      // @ts-expect-error the path parameter `id` is required
      void client.get('/api/iam/posts/{id}');
      // @ts-expect-error the body must match the schema
      void client.put('/api/iam/posts/{id}', { path: { id: '1' }, body: { text: 1 } });
    };
    expect(typeof typeErrors).toBe('function');
  });
});

describe('fillPathTemplate', () => {
  it('refuses to build a URL with a missing parameter', () => {
    expect(() => fillPathTemplate('/api/post/{id}', {})).toThrow('Missing path parameter "id"');
  });
});
