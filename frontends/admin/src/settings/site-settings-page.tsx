import type { SiteSetting, SiteSettingGroup } from '@plantfolk/api-client';
import { Alert, Anchor, Group, PageTitle, Skeleton, Stack, Title } from '@plantfolk/ui';
import { Link } from 'react-router';
import { SettingField, saveFailure } from './setting-field';
import { groupLabels } from './setting-labels';
import { useSiteSettings } from './use-site-settings';

const GROUP_ORDER: SiteSettingGroup[] = ['site', 'registration', 'map', 'video'];

function SettingsList({ groups }: { groups: SiteSettingGroup[] }) {
  const settings = useSiteSettings();
  if (settings.isPending)
    return (
      <Stack aria-busy="true" aria-label="Loading settings">
        <Skeleton height={96} />
        <Skeleton height={96} />
      </Stack>
    );
  if (settings.isError)
    return (
      <Alert color="red" title="The settings could not be loaded">
        {saveFailure(settings.error)}
      </Alert>
    );
  const byGroup = new Map<SiteSettingGroup, SiteSetting[]>();
  for (const setting of settings.data)
    byGroup.set(setting.group, [...(byGroup.get(setting.group) ?? []), setting]);
  return (
    <Stack gap="xl">
      {groups
        .filter((group) => byGroup.has(group))
        .map((group) => (
          <section key={group} aria-labelledby={`settings-group-${group}`}>
            <Stack gap="sm">
              {groups.length > 1 ? (
                <Title order={2} size="h3" id={`settings-group-${group}`}>
                  {groupLabels[group]}
                </Title>
              ) : (
                <span id={`settings-group-${group}`} hidden>
                  {groupLabels[group]}
                </span>
              )}
              {(byGroup.get(group) ?? []).map((setting) => (
                <SettingField key={setting.name} setting={setting} />
              ))}
            </Stack>
          </section>
        ))}
    </Stack>
  );
}

/** /admin/settings: every site setting, grouped, each saved on its own. */
export function SiteSettingsPage() {
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle
        title="Site settings"
        description="Changes take effect at once for everyone; each is recorded in the audit log."
      />
      <Group gap="md">
        <Anchor component={Link} to="/admin/settings/video">
          Video settings
        </Anchor>
        <Anchor component={Link} to="/settings/location">
          Default map point
        </Anchor>
      </Group>
      <SettingsList groups={GROUP_ORDER} />
    </Stack>
  );
}

/** /admin/settings/video: whether and which video links are played in posts. */
export function VideoSettingsPage() {
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle
        title="Video settings"
        description="A post whose link is a video on an allowed host shows a player instead of a link preview."
      />
      <Anchor component={Link} to="/admin/settings">
        All settings
      </Anchor>
      <SettingsList groups={['video']} />
    </Stack>
  );
}
