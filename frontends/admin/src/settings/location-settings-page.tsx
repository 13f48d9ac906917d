import {
  locationApi,
  type SiteMapPoint,
  type SiteSetting,
  type SiteSettingName,
} from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PageTitle,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@plantfolk/ui';
import { NumberInput, PlacePicker, type PickablePlace } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingField, saveFailure } from './setting-field';
import { useSaveSiteSetting, useSiteSettings } from './use-site-settings';

const places = locationApi.placeSource();

function isMapPoint(value: unknown): value is SiteMapPoint {
  const point = value as Partial<SiteMapPoint> | null;
  return (
    typeof point?.lat === 'number' &&
    typeof point.lng === 'number' &&
    typeof point.zoom === 'number'
  );
}

function formatPoint(point: { lat: number; lng: number }) {
  return `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;
}

/** The default map point: a place picked by name (or "use my location") and a zoom level. */
function MapPointForm({ setting }: { setting: SiteSetting }) {
  const current = isMapPoint(setting.value) ? setting.value : null;
  const [place, setPlace] = useState<PickablePlace | null>(
    current ? { label: formatPoint(current), latitude: current.lat, longitude: current.lng } : null,
  );
  const [zoom, setZoom] = useState<number | ''>(current?.zoom ?? 11);
  const [saved, setSaved] = useState(false);
  const save = useSaveSiteSetting();
  const next: SiteMapPoint | null =
    place && zoom !== '' ? { lat: place.latitude, lng: place.longitude, zoom } : null;
  const changed =
    next !== null &&
    (!current ||
      next.lat !== current.lat ||
      next.lng !== current.lng ||
      next.zoom !== current.zoom);

  return (
    <Paper withBorder p="md" data-testid="setting-default_map_point">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!next) return;
          save.mutate(
            { name: 'default_map_point', value: next, dataType: 'json' },
            { onSuccess: () => setSaved(true) },
          );
        }}
      >
        <Stack gap="sm">
          <PlacePicker
            source={places}
            value={place}
            onChange={(picked) => {
              setPlace(picked);
              setSaved(false);
              save.reset();
            }}
            label="Default map point"
            description={setting.description}
            placeholder="e.g. Melbourne"
            withMyLocation
            noun="the map’s centre"
          />
          <NumberInput
            label="Zoom"
            description="1 shows the world, 18 a street"
            min={1}
            max={18}
            clampBehavior="strict"
            allowDecimal={false}
            error={zoom === '' ? 'Enter a zoom from 1 to 18' : undefined}
            value={zoom}
            onChange={(value) => {
              setZoom(typeof value === 'number' ? value : '');
              setSaved(false);
            }}
          />
          <Text size="sm" c="dimmed">
            {current ? `Now: ${formatPoint(current)}, zoom ${current.zoom}` : 'Not set'}
          </Text>
          {save.error ? (
            <Alert color="red" role="alert">
              {saveFailure(save.error)}
            </Alert>
          ) : null}
          {saved && !changed ? (
            <Alert color="green" variant="light" role="status" p="xs">
              Default map point saved.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              Save map point
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const LOCATION_SETTINGS: SiteSettingName[] = ['default_map_point', 'map_tiles_url'];

/** /settings/location: where maps centre by default, and where their tiles come from. */
export function LocationSettingsPage() {
  const settings = useSiteSettings();
  const byName = new Map(
    (settings.data ?? [])
      .filter((setting) => LOCATION_SETTINGS.includes(setting.name))
      .map((setting) => [setting.name, setting]),
  );
  const point = byName.get('default_map_point');
  const tiles = byName.get('map_tiles_url');
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle
        title="Map location"
        description="Where maps centre when nothing says where the visitor is, and the map tiles."
      />
      <Anchor component={Link} to="/admin/settings">
        All settings
      </Anchor>
      {settings.isPending ? (
        <Stack aria-busy="true" aria-label="Loading settings">
          <Skeleton height={160} />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" title="The settings could not be loaded">
          {saveFailure(settings.error)}
        </Alert>
      ) : (
        <>
          {point ? <MapPointForm setting={point} /> : null}
          {tiles ? <SettingField setting={tiles} /> : null}
        </>
      )}
    </Stack>
  );
}
