import { acceptedImageTypes, contentLimits, locationApi, type Place } from '@plantfolk/api-client';
import { Button, Group, Stack, Text, type FormController } from '@plantfolk/ui';
import {
  FileButton,
  PlacePicker,
  Radio,
  Select,
  Textarea,
  TextInput,
  type PickablePlace,
} from '@plantfolk/ui/controls';
import { useMemo } from 'react';
import type { EventLocationInput, EventTemplate, RecurrenceInput } from '../api/events-api';
import type { Recurrence } from '../recurrence/recurrence';
import { RecurrencePicker } from '../recurrence/recurrence-picker';
import { placeText } from '../shared/event-place';
import { browserTimeZone, isValidTimeZone, timeZoneChoices } from '../time/zoned-time';

/** Field limits of an event, as the API checks them. */
export const eventLimits = {
  title: 120,
  description: 4000,
  venue: 120,
} as const;

// Names as the API's fields, so its validation messages land at the right field.
export type EventFormValues = {
  title: string;
  description: string;
  privacy: 'public' | 'members';
  /** The venue's name ("Fitzroy Community Hall"); required unless the place is a street address. */
  venue: string;
  start_date: string;
  start_time: string;
  end_time: string;
  time_zone: string;
};

export function emptyEventValues(): EventFormValues {
  return {
    title: '',
    description: '',
    privacy: 'public',
    venue: '',
    start_date: '',
    start_time: '10:00',
    end_time: '12:00',
    time_zone: browserTimeZone(),
  };
}

/** The place as the form keeps it: what the picker chose, or what the event had. */
export interface ChosenLocation extends PickablePlace {
  address: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
}

export function chosenFromPlace(place: Place): ChosenLocation {
  const isAddress = place.kind === 'address';
  return {
    label: place.label,
    latitude: place.latitude,
    longitude: place.longitude,
    address: isAddress ? place.name : null,
    suburb_city: isAddress ? place.locality : place.name,
    state: place.state,
    country: place.country,
  };
}

export function chosenFromTemplate(template: EventTemplate): ChosenLocation | null {
  const location = template.location;
  if (!location) return null;
  return {
    label: placeText({ ...location, name: null }) ?? placeText(location) ?? 'The event’s place',
    latitude: location.latitude,
    longitude: location.longitude,
    address: location.address,
    suburb_city: location.suburb_city,
    state: location.state,
    country: location.country,
  };
}

const countChars = (text: string) => [...text.trim()].length;

export function validateDetails(
  values: EventFormValues,
  place: ChosenLocation | null,
): Partial<Record<keyof EventFormValues, string | null>> {
  return {
    title: !values.title.trim()
      ? 'Give the event a title.'
      : countChars(values.title) > eventLimits.title
        ? `Keep the title to ${eventLimits.title} characters.`
        : null,
    description:
      countChars(values.description) > eventLimits.description
        ? `Keep the description to ${eventLimits.description} characters.`
        : null,
    venue:
      countChars(values.venue) > eventLimits.venue
        ? `Keep the venue's name to ${eventLimits.venue} characters.`
        : place && !place.address && !values.venue.trim()
          ? 'Name the venue, or choose a street address.'
          : null,
  };
}

export function validateSchedule(
  values: EventFormValues,
): Partial<Record<keyof EventFormValues, string | null>> {
  return {
    start_date: /^\d{4}-\d{2}-\d{2}$/.test(values.start_date) ? null : 'Choose the first date.',
    start_time: /^\d{2}:\d{2}$/.test(values.start_time) ? null : 'Choose when it starts.',
    end_time: !/^\d{2}:\d{2}$/.test(values.end_time)
      ? 'Choose when it ends.'
      : values.end_time === values.start_time
        ? 'The end comes after the start.'
        : null,
    time_zone: isValidTimeZone(values.time_zone) ? null : 'Choose a time zone from the list.',
  };
}

/** The API's location for a place and venue name. */
export function locationInputOf(place: ChosenLocation, venue: string): EventLocationInput {
  return {
    name: venue.trim() || null,
    address: place.address,
    suburb_city: place.suburb_city,
    state: place.state,
    country: place.country,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** The API's recurrence for the picker's. */
export function recurrenceInputOf(recurrence: Recurrence): RecurrenceInput {
  if (recurrence.frequency === 'once') return { frequency: 'once' };
  return {
    frequency: recurrence.frequency,
    interval: recurrence.interval,
    ...(recurrence.frequency === 'monthly' ? { monthly_by: recurrence.monthlyBy } : {}),
    ...(recurrence.end === 'until'
      ? { until: recurrence.until, count: null }
      : { count: recurrence.count, until: null }),
  };
}

/** The picker's recurrence for the API's. */
export function recurrenceOf(view: EventTemplate['recurrence']): Recurrence {
  return {
    frequency: view.frequency,
    interval: view.interval,
    monthlyBy: view.monthly_by,
    end: view.until && !view.count ? 'until' : 'count',
    until: view.until ?? '',
    count: view.count ?? 4,
  };
}

/** Street addresses too: an event happens at a place people can find. */
export const eventPlaces = locationApi.placeSource({ addresses: true });

/** The title, description, who may see it, and where. */
export function DetailsFields({
  form,
  place,
  onPlaceChange,
}: {
  form: FormController<EventFormValues>;
  place: ChosenLocation | null;
  onPlaceChange: (place: ChosenLocation | null) => void;
}) {
  return (
    <Stack gap="md">
      <TextInput
        label="Title"
        withAsterisk
        {...form.getInputProps('title')}
        description={`${eventLimits.title - countChars(form.values.title)} characters left`}
      />
      <Textarea
        label="Description"
        description="What happens, what to bring, who it is for"
        autosize
        minRows={3}
        maxRows={12}
        value={form.values.description}
        error={form.errors.description || undefined}
        onChange={(event) => form.setFieldValue('description', event.currentTarget.value)}
      />
      <PlacePicker<Place>
        source={eventPlaces}
        value={place}
        onChange={(picked) => onPlaceChange(picked ? chosenFromPlace(picked) : null)}
        label="Where"
        description="A street address, or a suburb or town with the venue's name below"
        placeholder="Type an address or a suburb"
        noun="the event"
        withMyLocation
      />
      <TextInput
        label="Venue"
        description="Optional with a street address"
        placeholder="Fitzroy Community Hall"
        {...form.getInputProps('venue')}
      />
      <Radio.Group
        label="Who can see it"
        value={form.values.privacy}
        onChange={(value) => form.setFieldValue('privacy', value as EventFormValues['privacy'])}
      >
        <Stack gap={6} mt={6}>
          <Radio value="public" label="Everyone, guests too" />
          <Radio value="members" label="Members only" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

/** The first date, its hours, the zone they are in and how the event repeats. */
export function ScheduleFields({
  form,
  recurrence,
  onRecurrenceChange,
}: {
  form: FormController<EventFormValues>;
  recurrence: Recurrence;
  onRecurrenceChange: (recurrence: Recurrence) => void;
}) {
  const zones = useMemo(() => timeZoneChoices(browserTimeZone()), []);
  const { start_date, start_time, end_time, time_zone } = form.values;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label="Date"
          withAsterisk
          {...form.getInputProps('start_date')}
          w={170}
        />
        <TextInput
          type="time"
          label="Starts"
          withAsterisk
          {...form.getInputProps('start_time')}
          w={130}
        />
        <TextInput
          type="time"
          label="Ends"
          withAsterisk
          {...form.getInputProps('end_time')}
          description={end_time && start_time && end_time < start_time ? 'The next day' : undefined}
          w={130}
        />
      </Group>
      <Select
        label="Time zone"
        description="The times above are in this zone; people elsewhere also see their own time"
        data={zones}
        searchable
        limit={50}
        allowDeselect={false}
        nothingFoundMessage="No zone of that name"
        value={time_zone}
        error={form.errors.time_zone || undefined}
        onChange={(zone) => form.setFieldValue('time_zone', zone ?? '')}
      />
      <RecurrencePicker
        value={recurrence}
        onChange={onRecurrenceChange}
        start={start_date && start_time ? `${start_date}T${start_time}` : ''}
        timeZone={isValidTimeZone(time_zone) ? time_zone : browserTimeZone()}
      />
    </Stack>
  );
}

/** An optional picture of the event, uploaded once the event is saved. */
export function ImageField({
  file,
  onChange,
  error,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Picture
      </Text>
      <Group gap="sm">
        <FileButton onChange={onChange} accept={acceptedImageTypes.join(',')}>
          {(props) => (
            <Button variant="default" {...props}>
              {file ? 'Choose another picture' : 'Choose a picture'}
            </Button>
          )}
        </FileButton>
        {file && (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
              Remove
            </Button>
          </>
        )}
      </Group>
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Optional. JPEG, PNG, WebP or GIF.
        </Text>
      )}
    </Stack>
  );
}

export function imageProblem(file: File | null): string | null {
  if (!file) return null;
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG, WebP or GIF picture.';
  }
  // The API's one upload limit (the same as a post's photos).
  if (file.size > contentLimits.photoBytes) return `${file.name} is bigger than 10 MB.`;
  return null;
}
