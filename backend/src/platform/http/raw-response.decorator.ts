import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'plantfolk:raw-response';

/**
 * Marks a handler that writes its own response (files, redirects) through `@Res()` without
 * passthrough: Nest never hands its result to EnvelopeFastifyAdapter, so no envelope is applied.
 */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
