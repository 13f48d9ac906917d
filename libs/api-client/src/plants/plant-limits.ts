import { FIELD_LIMITS } from '../generated/field-rules';
import type { Availability } from './plants-api';

export const NOT_AVAILABLE: Availability = 'Not available';

/** Field limits of a plant listing: the API's own, copied from the OpenAPI document. */
export const plantLimits = FIELD_LIMITS.plant;
