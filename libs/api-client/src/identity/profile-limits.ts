import { FIELD_LIMITS } from '../generated/field-rules';

/**
 * Limits of a member's display name and bio (characters), the API's own, copied from the OpenAPI
 * document by `npm run generate`.
 */
export const profileLimits = FIELD_LIMITS.profile;
