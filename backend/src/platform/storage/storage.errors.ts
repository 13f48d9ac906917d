import { defineErrors } from '../http/app-error';

export const StorageErrors = defineErrors({
  INVALID_IMAGE_REF: { status: 400, message: 'This is not a valid image address' },
  IMAGE_NOT_FOUND: { status: 404, message: 'Image not found' },
});
