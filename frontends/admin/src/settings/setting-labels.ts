import type { SiteSettingGroup, SiteSettingName } from '@plantfolk/api-client';

export const settingLabels: Record<SiteSettingName, string> = {
  site_name: 'Site name',
  site_description: 'Site description',
  registration_mode: 'Registration',
  default_map_point: 'Default map point',
  map_tiles_url: 'Map tiles URL',
  video_embeds_enabled: 'Play video links in posts',
  video_allowed_hosts: 'Video hosts',
  video_max_per_post: 'Videos played per post',
};

export const groupLabels: Record<SiteSettingGroup, string> = {
  site: 'Site',
  registration: 'Registration',
  map: 'Map',
  video: 'Video',
};
