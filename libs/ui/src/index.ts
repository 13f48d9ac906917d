export { Card, type CardProps } from './card';
export { FeatureGrid, type Feature, type FeatureGridProps } from './feature-grid';
export { ColorModeToggle } from './color-mode-toggle';
export {
  formatDocumentTitle,
  SITE_NAME,
  useDocumentTitle,
  useRouteHandle,
  useSiteName,
} from './document-title';
export { onFeedReloadRequest, requestFeedReload } from './feed-reload';
export { formatCount } from './format-count';
export { AppHeader, type AppHeaderProps } from './header/app-header';
export { BrandLogo, PlantfolkMark, type BrandLogoProps } from './header/brand-logo';
export * from './icons';
export { PageLayout, type PageLayoutProps } from './layout/page-layout';
export * from './mantine';
export { Drawer, Modal, Tooltip } from './overlays/lazy-overlays';
export { BlurhashImage, blurhashToDataUrl, type BlurhashImageProps } from './media/blurhash-image';
export {
  isRendering,
  largestImageRef,
  RENDERING_REFETCH,
  refetchWhileRendering,
  storageImageUrl,
  variantSrcSet,
  type ImageVariantLike,
} from './media/image-url';
export {
  PhotoGrid,
  PhotoLightbox,
  type GridPhoto,
  type PhotoGridProps,
  type PhotoLightboxProps,
} from './media/photo-grid';
export { PostCard, type PostCardAuthor, type PostCardProps } from './content/post-card';
export { TimeAgo } from './content/time-ago';
export { EXTERNAL_LINK_REL, LivingText, type LivingTextProps } from './content/living-text';
export { displayDomain, LinkPreviewCard, type LinkPreviewLike } from './content/link-preview-card';
export {
  FALLBACK_SETTINGS,
  PUBLIC_SETTINGS_KEY,
  useCachedPublicSettings,
  type PublicSettings,
} from './site-settings';
export { normaliseTagName, tokenize, type TextToken } from '@plantfolk/living-text';
export { EditedMarker } from './content/edited-marker';
export { absoluteUrl, ShareButton, type ShareButtonProps } from './content/share-button';
export { formatFullDate, formatRelativeTime } from './format-time';
export { InfiniteList, type InfiniteListProps } from './lists/infinite-list';
export { UserAvatar, type AvatarUser, type UserAvatarProps } from './media/user-avatar';
export { NavList, type NavItem, type NavListProps } from './navigation/nav-list';
export {
  accessPolicies,
  claimedFirstSegments,
  DEFAULT_LAYOUT,
  defineHeaderItems,
  defineRemoteRoutes,
  defineSettingsSections,
  isAccessPolicy,
  layoutNames,
  remoteModuleProblems,
  routeNotFound,
  type AccessPolicy,
  type HeaderItem,
  type HeaderItemProps,
  type LayoutName,
  type PageRouteHandle,
  type RemoteModule,
  type RemoteRouteObject,
  type RouteHandle,
  type SettingsSection,
  type SettingsSectionProps,
} from './route-contract';
export { COLOR_MODE_STORAGE_KEY, plantfolkTheme } from './theme';
export { UiProvider, type UiProviderProps } from './ui-provider';
export { defaultStatusText, ErrorView, type ErrorViewProps } from './views/error-view';
export { NotFoundView, type NotFoundViewProps } from './views/not-found-view';
export { PageLoader } from './views/page-loader';
export { PageTitle, type PageTitleProps } from './views/page-title';
export { FormAlert } from './forms/form-alert';
export {
  splitServerError,
  type ServerErrorLike,
  type SplitServerError,
} from './forms/server-errors';
export {
  UnsavedChangesPrompt,
  type UnsavedChangesPromptProps,
} from './forms/unsaved-changes-prompt';
export {
  useForm,
  type FormController,
  type FormErrors,
  type FormValue,
  type FormValues,
  type UseFormOptions,
} from './forms/use-form';
export {
  containsEveryWord,
  hasUnsavedChanges,
  isLettersAndSpaces,
  isValidUrl,
} from './forms/validators';
