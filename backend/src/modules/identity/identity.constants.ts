/** Access tokens are short-lived; the refresh token (a cookie) renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A login lasts at most this long, however often it refreshes (spec: 400 days). */
export const SESSION_LIFETIME_DAYS = 400;
/** The one-time code of the PKCE login must be exchanged within this time. */
export const LOGIN_CODE_TTL_SECONDS = 60;
/** Parallel refreshes with the same token inside this window are a race, not theft. */
export const REFRESH_REUSE_GRACE_SECONDS = 5;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const REFRESH_COOKIE = 'pf_refresh';
export const REFRESH_COOKIE_PATH = '/api/iam/authn';
/**
 * Set and cleared with the refresh cookie, readable by scripts and holding no secret: it tells the
 * page that a session may be there to renew, so a guest's page start asks the API nothing (a
 * renewal without the httpOnly cookie could only answer 401). The client reads the same name
 * (libs/api-client session-client.ts, SESSION_HINT_COOKIE).
 */
export const SESSION_HINT_COOKIE = 'pf_session';
export const OPS_COOKIE = 'pf_ops';

/**
 * Handles may not take a word the app uses as a first path segment (spec route table, the API and
 * the image paths), so `/{handle}` can never shadow a page.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'api',
  'auth',
  'docs',
  'event',
  'events',
  'invites',
  'join',
  'messages',
  'new',
  'nearby',
  'notifications',
  'page',
  'pages',
  'plant',
  'plants',
  'post',
  'posts',
  'profile',
  'remotes',
  'search',
  'settings',
  'storage',
  'tag',
  'tags',
  'user',
  'users',
  'welcome',
  'edit',
  'login',
  'logout',
  'signup',
  'register',
  'help',
  'support',
  'static',
  'assets',
  'favicon',
  'robots',
  'sitemap',
  'plantfolk',
  'root',
  'system',
  'me',
  'home',
]);
