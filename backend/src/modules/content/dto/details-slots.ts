import type { Type as ClassType } from '@nestjs/common';
import type { DetailsSlot } from '../post-kinds';

const schemas = new Map<DetailsSlot, ClassType<unknown>>();

/**
 * Marks a post kind's details DTO as the OpenAPI schema of its slot in ContentItemDto (plants:
 * `@DetailsSlotSchema('plant') class PlantDto`). The document is built after every module is
 * loaded, so ContentItemDto names the schema without importing the kind's module.
 */
export function DetailsSlotSchema(slot: DetailsSlot): ClassDecorator {
  return (target) => {
    schemas.set(slot, target as unknown as ClassType<unknown>);
  };
}

export function detailsSchemaOf(slot: DetailsSlot): ClassType<unknown> {
  const schema = schemas.get(slot);
  if (!schema) throw new Error(`No post kind has described the content item's "${slot}"`);
  return schema;
}
