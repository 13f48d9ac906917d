export { ApiError, clientErrorCodes, isApiError, serverErrorCodes } from './api-error';
export {
  apiFetch,
  createApiFetch,
  CSRF_HEADER,
  LOGIN_PATH,
  MAX_NETWORK_RETRIES,
  RETRY_DELAY_MS,
  SUSPENDED_PATH,
  type ApiFetch,
  type ApiFetchOptions,
  type ApiRequestInit,
  type QueryParams,
} from './api-fetch';
export type { ApiResult, ErrorEnvelope, Responder, SuccessEnvelope } from './envelope';
export type { components, operations, paths } from './generated/schema';
export {
  api,
  createApiClient,
  fillPathTemplate,
  type HttpMethod,
  type OperationOf,
  type PathsWithMethod,
  type RequestOptionsOf,
  type SuccessDataOf,
  type TypedApiClient,
} from './typed-client';
export { xhrTransport, type UploadProgress, type UploadTransport } from './upload-transport';
export {
  createIdentityApi,
  identityApi,
  type ChallengeInput,
  type IdentityApi,
} from './identity/identity-api';
export * from './identity/identity-types';
export {
  createSessionClient,
  isNetworkError,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  type SessionClient,
  type SessionClientOptions,
} from './identity/session-client';
export {
  contentApi,
  createContentApi,
  type ContentApi,
  type UploadOptions,
} from './content/content-api';
export * from './content/content-types';
export { createPlantsApi, plantsApi, type PlantsApi } from './plants/plants-api';
export * from './plants/plants-types';
export { createTagsApi, tagsApi, type TagsApi } from './tags/tags-api';
export * from './tags/tags-types';
