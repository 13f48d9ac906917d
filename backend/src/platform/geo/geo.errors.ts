import { defineErrors } from '../http/app-error';

export const GeoErrors = defineErrors({
  NO_PLACE_NEARBY: {
    status: 404,
    message: 'No town or suburb is known within {km} km of this point; type your area instead',
  },
});
