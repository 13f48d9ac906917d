import { defineErrors } from '../../platform/http/app-error';

export const PlantsErrors = defineErrors({
  PLANT_NOT_FOUND: { status: 404, message: 'Plant listing not found' },
});
