import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HandlesService, normalizeHandle } from '../handles.service';
import { RESERVED_HANDLES } from '../identity.constants';

/**
 * The reserved words as the frontends get them: the committed OpenAPI document, from which
 * `npm run generate` copies them into libs/api-client (the shell tells handles from paths by
 * them, and each slice's tests check its routes against them).
 */
const document = JSON.parse(
  readFileSync(resolve(__dirname, '../../../../../libs/api-client/openapi.json'), 'utf8'),
) as {
  components: {
    schemas: Record<string, { properties: Record<string, { not?: { enum: string[] } }> }>;
  };
};
const documented = (schema: string) =>
  document.components.schemas[schema]?.properties.username?.not?.enum ?? [];

function refusalOf(handle: string): unknown {
  // assertAllowed reads no table, so the service is made without its database connection.
  const handles = Object.create(HandlesService.prototype) as HandlesService;
  try {
    handles.assertAllowed(normalizeHandle(handle));
    return null;
  } catch (error) {
    return error;
  }
}

describe('reserved handles', () => {
  it('are the words the OpenAPI document lists for every username field', () => {
    const words = [...RESERVED_HANDLES].sort();
    expect(words.length).toBeGreaterThan(20);
    expect(documented('RegisterDto')).toEqual(words);
    expect(documented('UpdateAccountDto')).toEqual(words);
  });

  it.each(documented('RegisterDto'))('refuses %j as a handle, in any letter case', (word) => {
    expect(refusalOf(word)).toMatchObject({ code: 'HANDLE_RESERVED' });
    expect(refusalOf(word.toUpperCase())).toMatchObject({ code: 'HANDLE_RESERVED' });
  });

  it('lets an ordinary name through', () => {
    expect(refusalOf('fern_lover')).toBeNull();
  });
});
