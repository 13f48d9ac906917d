import { siteSettingsApi, type SiteSetting, type SiteSettingInput } from '@plantfolk/api-client';
import { PUBLIC_SETTINGS_KEY } from '@plantfolk/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const siteSettingsKey = ['admin', 'site-settings'] as const;

/** Every site setting, as admins see them. */
export function useSiteSettings() {
  return useQuery({
    queryKey: siteSettingsKey,
    queryFn: ({ signal }) => siteSettingsApi.all(signal),
  });
}

/** Saves one setting; the list shows the server's answer (its value as stored). */
export function useSaveSiteSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingInput) => siteSettingsApi.update(input),
    onSuccess: (saved: SiteSetting) => {
      client.setQueryData<SiteSetting[]>(siteSettingsKey, (settings) =>
        settings?.map((setting) => (setting.name === saved.name ? saved : setting)),
      );
      // Every slice reads the public settings through this one query: it shows the change too.
      void client.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
    },
  });
}
