import type { AppConfig } from '../config/app-config';

/**
 * Every site setting, in one place: its type, whether guests may read it, its group on
 * /admin/settings, its default (some from the deployment's configuration) and the rule its value
 * must meet. A setting no admin has changed has no row in `site_setting` and reads as its default,
 * so a new setting needs only a line here.
 */

/** The `dataType` of the spec's `PUT admin/update/site-setting`. */
export const SITE_SETTING_DATA_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type SiteSettingDataType = (typeof SITE_SETTING_DATA_TYPES)[number];

export const SITE_SETTING_GROUPS = ['site', 'registration', 'map', 'video'] as const;
export type SiteSettingGroup = (typeof SITE_SETTING_GROUPS)[number];

export const REGISTRATION_MODES = ['open', 'invite-only'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export interface MapPoint {
  lat: number;
  lng: number;
  zoom: number;
}

interface Definition<T> {
  dataType: SiteSettingDataType;
  group: SiteSettingGroup;
  /** Readable by anyone through the public `GET /api/settings/get-all`. */
  isPublic: boolean;
  description: string;
  defaultValue: (config: AppConfig) => T;
  /** Why `value` (already of `dataType`) is not acceptable, or null when it is. */
  problem: (value: unknown) => string | null;
}

const MAX_TEXT = 2000;

function text(min: number, max: number) {
  return (value: unknown) =>
    typeof value !== 'string'
      ? 'must be text'
      : value.trim().length < min
        ? `must have at least ${min} character${min === 1 ? '' : 's'}`
        : value.length > max
          ? `must have at most ${max} characters`
          : /\p{Cc}/u.test(value.replace(/[\n\t]/g, ''))
            ? 'must not contain control characters'
            : null;
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * A tile URL template as the frontends' runtime config accepts one (libs/devstack
 * runtime-config.ts mapTilesFromEnv): http(s) or a path on this origin, with {z}, {x} and {y}, and
 * nothing that would need escaping. Empty means "the deployment's MAP_TILES_URL".
 */
function tileUrlProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'must be text';
  if (value === '') return null;
  if (value.length > 500) return 'must have at most 500 characters';
  const absolute = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?\//.test(value);
  const path = value.startsWith('/') && !value.startsWith('//');
  if (!(absolute || path)) return 'must be an http(s) URL or a path on this site';
  // Its origin goes into the pages' Content-Security-Policy: it must be one a URL parser takes.
  if (absolute && !URL.canParse(value.replace(/\{[xyz]\}/g, '0')))
    return 'must be a valid URL (a port is at most 65535)';
  if (/["\\\s'<>;,]/.test(value)) return 'must not contain quotes, spaces, <, >, ; or commas';
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part)))
    return 'must contain {z}, {x} and {y}';
  return null;
}

/**
 * The origin of a `map_tiles_url` value that passes `tileUrlProblem` and is on another origin;
 * null for an empty value, a path on this site, or anything else. The web tier puts it in the
 * pages' Content-Security-Policy (img-src) from the `x-map-tiles-origin` header of GET
 * /api/settings/get-all, so a change takes effect without a restart.
 */
export function tilesOriginOf(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.startsWith('/')) return null;
  if (tileUrlProblem(value) !== null) return null;
  const url = new URL(value.replace(/\{[xyz]\}/g, '0'));
  return ['http:', 'https:'].includes(url.protocol) ? url.origin : null;
}

function mapPointProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'must be an object {lat, lng, zoom}';
  const point = value as Record<string, unknown>;
  const extra = Object.keys(point).filter((key) => !['lat', 'lng', 'zoom'].includes(key));
  if (extra.length) return `has unknown fields: ${extra.join(', ')}`;
  const { lat, lng, zoom } = point;
  if (typeof lat !== 'number' || !Number.isFinite(lat) || Math.abs(lat) > 90)
    return 'lat must be a number within ±90';
  if (typeof lng !== 'number' || !Number.isFinite(lng) || Math.abs(lng) > 180)
    return 'lng must be a number within ±180';
  if (typeof zoom !== 'number' || !Number.isInteger(zoom) || zoom < 1 || zoom > 18)
    return 'zoom must be a whole number from 1 to 18';
  return null;
}

function hostListProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'must be a list of host names';
  if (value.length > 50) return 'must have at most 50 hosts';
  for (const host of value)
    if (typeof host !== 'string' || !HOST.test(host))
      return `must hold lower-case host names like www.youtube.com (not ${JSON.stringify(host).slice(0, 80)})`;
  return null;
}

function oneOf<T extends string>(values: readonly T[]) {
  return (value: unknown) =>
    values.includes(value as T) ? null : `must be one of: ${values.join(', ')}`;
}

function wholeNumber(min: number, max: number) {
  return (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? null
      : `must be a whole number from ${min} to ${max}`;
}

function flag(value: unknown) {
  return typeof value === 'boolean' ? null : 'must be true or false';
}

export const SITE_SETTINGS = {
  site_name: {
    dataType: 'string',
    group: 'site',
    isPublic: true,
    description: 'The name shown in the header, the page titles and e-mails',
    defaultValue: () => 'Plantfolk',
    problem: text(1, 60),
  } satisfies Definition<string>,
  site_description: {
    dataType: 'string',
    group: 'site',
    isPublic: true,
    description: 'One or two sentences about the site, shown to visitors',
    defaultValue: () => 'Plant lovers sharing plants, pages and events near them.',
    problem: text(0, MAX_TEXT),
  } satisfies Definition<string>,
  registration_mode: {
    dataType: 'string',
    group: 'registration',
    isPublic: true,
    description: 'Open to anyone, or only to people holding a valid invite',
    defaultValue: (): RegistrationMode => 'open',
    problem: oneOf(REGISTRATION_MODES),
  } satisfies Definition<RegistrationMode>,
  default_map_point: {
    dataType: 'json',
    group: 'map',
    isPublic: true,
    description: 'Where maps centre when nothing says where the visitor is',
    defaultValue: (config: AppConfig): MapPoint => ({
      lat: config.defaultMapPoint.latitude,
      lng: config.defaultMapPoint.longitude,
      zoom: 11,
    }),
    problem: mapPointProblem,
  } satisfies Definition<MapPoint>,
  map_tiles_url: {
    dataType: 'string',
    group: 'map',
    isPublic: true,
    description:
      'Tile URL template with {z}, {x} and {y}; empty uses the deployment’s MAP_TILES_URL (its origin must be allowed by the page headers)',
    defaultValue: () => '',
    problem: tileUrlProblem,
  } satisfies Definition<string>,
  video_embeds_enabled: {
    dataType: 'boolean',
    group: 'video',
    isPublic: true,
    description: 'Show a playable video for a post whose link is a video on an allowed host',
    defaultValue: () => true,
    problem: flag,
  } satisfies Definition<boolean>,
  video_allowed_hosts: {
    dataType: 'json',
    group: 'video',
    isPublic: true,
    description: 'The hosts whose video links are played in posts',
    defaultValue: (): string[] => ['www.youtube.com', 'youtube.com', 'youtu.be', 'vimeo.com'],
    problem: hostListProblem,
  } satisfies Definition<string[]>,
  video_max_per_post: {
    dataType: 'number',
    group: 'video',
    isPublic: true,
    description: 'How many video links of one post are played (the others stay links)',
    defaultValue: () => 1,
    problem: wholeNumber(0, 5),
  } satisfies Definition<number>,
} as const;

export type SiteSettingName = keyof typeof SITE_SETTINGS;
export type SiteSettingValue<Name extends SiteSettingName> = ReturnType<
  (typeof SITE_SETTINGS)[Name]['defaultValue']
>;
export type SiteSettingValues = { [Name in SiteSettingName]: SiteSettingValue<Name> };

export const SITE_SETTING_NAMES = Object.keys(SITE_SETTINGS) as SiteSettingName[];

export function isSiteSettingName(name: unknown): name is SiteSettingName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(SITE_SETTINGS, name);
}

/** Whether `value` is of `dataType` as JSON carries it (a number is finite; json is an object or list). */
export function isOfDataType(value: unknown, dataType: SiteSettingDataType): boolean {
  switch (dataType) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return typeof value === 'object' && value !== null;
  }
}
