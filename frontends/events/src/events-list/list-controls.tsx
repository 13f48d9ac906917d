import { locationApi, type Place } from '@plantfolk/api-client';
import { Button, Group, Stack } from '@plantfolk/ui';
import { PlacePicker, TextInput } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { rangeProblem, type DateRange } from './event-filters';

/** Towns and suburbs: an area is enough to list what is near. */
const areaSource = locationApi.placeSource();

export interface ChosenPlace {
  label: string;
  latitude: number;
  longitude: number;
}

/**
 * The place the list is near, picked by name or "Use my location". Loaded on demand: the controls
 * it needs stay out of the list's first view.
 */
export function NearPlacePicker({
  value,
  onChange,
}: {
  value: ChosenPlace | null;
  onChange: (place: ChosenPlace) => void;
}) {
  return (
    <PlacePicker<Place>
      source={areaSource}
      value={value}
      onChange={(place) => {
        if (place)
          onChange({ label: place.label, latitude: place.latitude, longitude: place.longitude });
      }}
      label="Events near"
      placeholder="Type a suburb or town"
      withMyLocation
      noun="the events"
    />
  );
}

/** From and to dates of the list; applied together, cleared together. */
export function DateRangeFields({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const [draft, setDraft] = useState(value);
  const problem = rangeProblem(draft);
  return (
    <form
      aria-label="Dates"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onChange(draft);
      }}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={problem}
            w={170}
          />
          <Group gap="xs">
            <Button type="submit" variant="light" disabled={problem !== null}>
              Show
            </Button>
            {(value.from || value.to) && (
              <Button
                variant="subtle"
                onClick={() => {
                  setDraft({ from: '', to: '' });
                  onChange({ from: '', to: '' });
                }}
              >
                Any date
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
