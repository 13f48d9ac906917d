import type { components } from './generated/schema';

/**
 * The named schemas of the generated OpenAPI document (`Schemas['ContentItemDto']`). The client's
 * type names are aliases of these: nothing the API sends or takes is typed by hand.
 */
export type Schemas = components['schemas'];
