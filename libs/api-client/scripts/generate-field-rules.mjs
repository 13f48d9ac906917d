// Writes src/generated/field-rules.ts: the field rules the browser checks before the API does,
// taken from the committed OpenAPI document (the API's own validation decorators write them there),
// so both sides apply one rule. `npm run generate` runs it; a test fails when the output is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `schemas.<schema>.properties.<field>.<key>`, refusing to go on without it. */
function schemaValue(document, schema, field, key) {
  const value = document.components?.schemas?.[schema]?.properties?.[field]?.[key];
  if (value === undefined) {
    throw new Error(`openapi.json: ${schema}.${field} has no ${key}`);
  }
  return value;
}

/** The rules, read from `document` (the parsed openapi.json), as the text of field-rules.ts. */
export function fieldRulesSource(document) {
  const value = (schema, field, key) => schemaValue(document, schema, field, key);
  const emailRule = {
    pattern: value('EmailOnlyDto', 'email', 'pattern'),
    minLength: value('EmailOnlyDto', 'email', 'minLength'),
    maxLength: value('EmailOnlyDto', 'email', 'maxLength'),
  };
  const reservedHandles = value('RegisterDto', 'username', 'not').enum;
  if (!Array.isArray(reservedHandles) || reservedHandles.length === 0) {
    throw new Error('openapi.json: RegisterDto.username has no not.enum (the reserved words)');
  }
  const limits = {
    content: {
      postText: value('NewPostDto', 'text', 'maxLength'),
      photosPerPost: value('NewPostDto', 'photos', 'maxItems'),
      tagsPerPost: value('NewPostDto', 'tags', 'maxItems'),
      altText: value('PostPhotoInputDto', 'alt_text', 'maxLength'),
      comment: value('NewCommentDto', 'content', 'maxLength'),
    },
    plant: {
      name: value('PlantDetailsInputDto', 'name', 'maxLength'),
      species: value('PlantDetailsInputDto', 'species', 'maxLength'),
      swapTerms: value('PlantDetailsInputDto', 'swap_terms', 'maxLength'),
      photoDescription: value('PlantPhotoInputDto', 'description', 'maxLength'),
      minQuantity: value('PlantDetailsInputDto', 'quantity', 'minimum'),
      maxQuantity: value('PlantDetailsInputDto', 'quantity', 'maximum'),
    },
    profile: {
      displayName: value('UpdateAccountDto', 'display_name', 'maxLength'),
      bio: value('UpdateAccountDto', 'bio', 'maxLength'),
    },
  };
  return `// Generated from openapi.json by scripts/generate-field-rules.mjs (\`npm run generate\`). Do not edit.

/** The API's e-mail rule (spec section 5), exactly as the OpenAPI document states it. */
export const EMAIL_RULE = ${JSON.stringify(emailRule, null, 2)} as const;

/**
 * The words a username or page handle may not be (compared lower-cased): the first path segments
 * the app uses (RegisterDto.username \`not.enum\`).
 */
export const RESERVED_HANDLE_LIST = ${JSON.stringify(reservedHandles, null, 2)} as const;

/** Lengths and counts the API enforces on posts, comments, plant listings and profiles. */
export const FIELD_LIMITS = ${JSON.stringify(limits, null, 2)} as const;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const output = process.argv[2] ?? resolve(root, 'src/generated/field-rules.ts');
  const document = JSON.parse(readFileSync(resolve(root, 'openapi.json'), 'utf8'));
  writeFileSync(output, fieldRulesSource(document));
}
