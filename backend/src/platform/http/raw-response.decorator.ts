import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'plantfolk:raw-response';

/** The handler writes its own response (files, redirects); the envelope is not applied. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
