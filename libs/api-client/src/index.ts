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
export {
  EARLY_REQUEST_MAX_AGE_MS,
  earlyRequestKey,
  guestPageRequests,
  startEarlyGuestRequest,
  startEarlyRequest,
  startEarlySessionRefresh,
  takeEarlyResponse,
} from './early-requests';
export type { ApiResult, ErrorEnvelope, Listed, Responder, SuccessEnvelope } from './envelope';
export { isReservedHandle, isValidEmail, MAX_EMAIL_LENGTH, RESERVED_HANDLES } from './field-rules';
export type { components, operations, paths } from './generated/schema';
export type { Schemas } from './schemas';
export {
  api,
  createApiClient,
  fillPathTemplate,
  type CallOptions,
  type HttpMethod,
  type OperationOf,
  type PathsWithMethod,
  type RequestOptionsOf,
  type SuccessDataOf,
  type TypedApiClient,
} from './typed-client';
export { xhrTransport, type UploadProgress, type UploadTransport } from './upload-transport';
export { valuesOf } from './value-lists';
export * from './identity/identity-api';
export {
  browserTimeZone,
  defaultUserSettings,
  type EmailMode,
  rememberBrowserTimeZone,
  withBrowserTimeZone,
} from './identity/user-settings';
export { profileLimits } from './identity/profile-limits';
export { hasSessionHint, SESSION_HINT_COOKIE } from './identity/session-hint';
export {
  createSessionClient,
  isNetworkError,
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  type SessionClient,
  type SessionClientOptions,
} from './identity/session-client';
export * from './content/content-api';
export { acceptedImageTypes, contentLimits, postPrivacies } from './content/content-limits';
export * from './plants/plants-api';
export { NOT_AVAILABLE, plantLimits } from './plants/plant-limits';
export * from './tags/tags-api';
export * from './location/location-api';
export * from './people/people-api';
export * from './search/search-api';
export * from './notifications/notifications-api';
export * from './messaging/messaging-api';
export * from './pages/pages-api';
export * from './invites/invites-api';
export * from './forms/forms-api';
export * from './admin/admin-ops-api';
export * from './admin/admin-overview-api';
export * from './site-settings/site-settings-api';
export * from './site-settings/public-settings-api';
export * from './events/nearby-events-api';
export {
  interestTypes,
  isValidTagName,
  MAX_TAGS_PER_POST,
  normaliseTagName,
} from './tags/tag-names';
export * from './realtime';
