import { publicPoint } from '../../platform/geo/geo';
import type { PageRow, PageSettingsRow } from './pages.queries';

export interface PageTagView {
  id: number;
  name: string;
}

export interface PagePlaceView {
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  latitude: number;
  longitude: number;
}

/** A page as the API answers it (PageDto). */
export interface PageView {
  id: string;
  handle: string;
  name: string;
  about: string;
  avatarUrl: string | null;
  owner_id: string;
  location: PagePlaceView | null;
  tags: PageTagView[];
  can_manage: boolean;
  created_at: string;
  updated_at: string;
}

export interface PageSettingsView {
  page_id: string;
  allow_messages: boolean;
  show_upcoming_events: boolean;
  show_location: boolean;
}

export const DEFAULT_SETTINGS: Omit<PageSettingsView, 'page_id'> = {
  allow_messages: true,
  show_upcoming_events: true,
  show_location: true,
};

/**
 * A page as the API answers it. Its owner and admins (`exactPlace`) see its place as set; anyone
 * else the public point (the centre of its ~1 km grid cell), and no place when the page hides it.
 */
export function toPageView(
  row: PageRow,
  tags: PageTagView[],
  canManage: boolean,
  settings: Pick<PageSettingsView, 'show_location'> = DEFAULT_SETTINGS,
  exactPlace = canManage,
): PageView {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    about: row.about,
    avatarUrl: row.avatar,
    owner_id: row.owner_id,
    location: placeOf(row, exactPlace, settings.show_location),
    tags,
    can_manage: canManage,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function placeOf(row: PageRow, exact: boolean, shown: boolean): PagePlaceView | null {
  if (row.latitude === null || row.longitude === null) return null;
  if (!exact && !shown) return null;
  const point = exact
    ? { latitude: row.latitude, longitude: row.longitude }
    : publicPoint({ latitude: row.latitude, longitude: row.longitude });
  return {
    suburb_city: row.suburb_city,
    state: row.state,
    country: row.country,
    latitude: point.latitude,
    longitude: point.longitude,
  };
}

export function toSettingsView(row: PageSettingsRow | undefined, pageId: string): PageSettingsView {
  return row
    ? {
        page_id: row.page_id,
        allow_messages: row.allow_messages,
        show_upcoming_events: row.show_upcoming_events,
        show_location: row.show_location,
      }
    : { page_id: pageId, ...DEFAULT_SETTINGS };
}
