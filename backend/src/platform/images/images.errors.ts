import { defineErrors } from '../http/app-error';

/** Why an uploaded image was refused. Nothing is stored when any of these is raised. */
export const ImageErrors = defineErrors({
  UNSUPPORTED_IMAGE: {
    status: 415,
    message: 'Only JPEG, PNG, WebP and GIF images can be uploaded',
  },
  INVALID_IMAGE: {
    status: 400,
    message: 'This image is damaged or incomplete; please try another file',
  },
  IMAGE_TOO_LARGE_PIXELS: {
    status: 400,
    message: 'This image has too many pixels: at most {limit}',
  },
  UPLOAD_EXPIRED: {
    status: 409,
    message: 'This upload was not used in time and has been removed; please upload it again',
  },
});

/** Problems with a multipart upload itself, before its bytes are looked at. */
export const UploadErrors = defineErrors({
  PAYLOAD_TOO_LARGE: { status: 413, message: 'A file may be at most {megabytes} MB' },
  TOO_MANY_FILES: { status: 413, message: 'At most {count} file(s) can be uploaded at once' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the file as multipart/form-data' },
});
