import { isApiError } from '@plantfolk/api-client';
import {
  Anchor,
  Button,
  Card,
  ErrorView,
  FormAlert,
  Group,
  IconChevronLeft,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  UnsavedChangesPrompt,
  useDocumentTitle,
  useForm,
} from '@plantfolk/ui';
import { Checkbox, PlacePicker, Radio, Select, Textarea, TextInput } from '@plantfolk/ui/controls';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Place } from '@plantfolk/api-client';
import { eventsApi, type EventDate, type EventDetails } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import { paths } from '../app/paths';
import { useViewer, type Viewer } from '../app/viewer';
import {
  chosenFromPlace,
  chosenFromTemplate,
  DetailsFields,
  eventPlaces,
  eventLimits,
  ImageField,
  imageProblem,
  locationInputOf,
  recurrenceInputOf,
  recurrenceOf,
  ScheduleFields,
  validateDetails,
  validateSchedule,
  type ChosenLocation,
  type EventFormValues,
} from '../create/event-form';
import { useEventDetails } from '../event/event-queries';
import { DeleteEventSection } from './delete-event';
import { recurrenceProblem, type Recurrence } from '../recurrence/recurrence';
import { placeText } from '../shared/event-place';
import { formatClock, formatDay } from '../time/zoned-time';

type Scope = 'date' | 'future';

/**
 * `/event/{randomId}/edit`: change one date only (its title, description, hours, or cancel it),
 * or the event from now on (its details, place and schedule). Only the event's creator, its
 * page's owner and admins may; others are told so.
 */
export function EditEventPage() {
  const { randomId = '' } = useParams();
  const viewer = useViewer();
  const details = useEventDetails(viewer, randomId);
  const [search, setSearch] = useSearchParams();
  useDocumentTitle('Edit event');

  if (!viewer.ready || details.isPending) return <PageLoader label="Loading the event" />;
  if (details.isError) {
    return isApiError(details.error) && details.error.status === 404 ? (
      <ErrorView status={404} message="This event does not exist, or it is not shared with you." />
    ) : (
      <ErrorView
        status={500}
        message={details.error.message}
        onRetry={() => void details.refetch()}
      />
    );
  }
  const { event } = details.data;
  const back = (
    <Anchor component={Link} to={paths.event(event.random_id)} size="sm">
      <Group gap={4} component="span">
        <IconChevronLeft size={14} aria-hidden />
        Back to the event
      </Group>
    </Anchor>
  );
  if (!event.can_edit) {
    return (
      <Stack gap="md">
        {back}
        <PageTitle title="Edit event" />
        <Card padding="lg">
          <Stack gap="xs" role="alert">
            <Text fw={600}>You cannot change this event.</Text>
            <Text c="dimmed">
              Only the member who created it, the owner of its page and admins can change an event.
              Ask the organiser if something needs correcting.
            </Text>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const upcoming = event.dates.filter((date) => !date.past);
  const scope: Scope = search.get('scope') === 'date' && upcoming.length > 0 ? 'date' : 'future';
  const dateId = upcoming.find((date) => date.id === search.get('date'))?.id ?? upcoming[0]?.id;
  const setParam = (changes: Record<string, string>) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) params.set(key, value);
        return params;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      {back}
      <PageTitle title={`Edit “${event.templates[0]?.title ?? 'event'}”`} />
      <Radio.Group
        label="What to change"
        value={scope}
        onChange={(next) => setParam({ scope: next })}
      >
        <Stack gap={6} mt={6}>
          <Radio
            value="date"
            label="This date only"
            description={
              upcoming.length === 0
                ? 'The event has no dates to come.'
                : 'One date’s details, or cancel it'
            }
            disabled={upcoming.length === 0}
          />
          <Radio
            value="future"
            label="This and future dates"
            description="The event’s details, place and schedule; past dates stay as they were"
          />
        </Stack>
      </Radio.Group>
      {scope === 'date' && dateId ? (
        <>
          <Select
            label="Date"
            data={upcoming.map((date) => ({ value: date.id, label: dateLabel(date) }))}
            value={dateId}
            allowDeselect={false}
            onChange={(id) => id && setParam({ scope: 'date', date: id })}
          />
          <DateForm
            key={dateId}
            viewer={viewer}
            event={event}
            date={upcoming.find((date) => date.id === dateId)!}
          />
        </>
      ) : (
        <FutureForm viewer={viewer} event={event} />
      )}
      <DeleteEventSection viewer={viewer} event={event} />
    </Stack>
  );
}

function dateLabel(date: EventDate): string {
  const start = new Date(date.starts_at);
  const label = `${formatDay(start, date.time_zone)}, ${formatClock(start, date.time_zone)}`;
  return date.cancelled ? `${label} (cancelled)` : label;
}

type DateValues = {
  title: string;
  description: string;
  start_time: string;
  end_time: string;
  cancelled: boolean;
  /** `event`: the event's place; `own`: a place of this date's own. */
  place_mode: 'event' | 'own';
  venue: string;
};

/** A date's own place as the picker shows it. */
function chosenFromDate(date: EventDate): ChosenLocation | null {
  const location = date.location_overridden ? date.location : null;
  if (!location) return null;
  return {
    label: placeText({ ...location, name: null }) ?? placeText(location) ?? 'This date’s place',
    latitude: location.latitude,
    longitude: location.longitude,
    address: location.address,
    suburb_city: location.suburb_city,
    state: location.state,
    country: location.country,
  };
}

function useAfterSave(viewer: Viewer, event: EventDetails) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: eventKeys.event(viewer.key, event.random_id) });
    queryClient.removeQueries({ queryKey: eventKeys.dates(viewer.key, event.random_id) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'none' });
    if (event.page) {
      void queryClient.invalidateQueries({ queryKey: eventKeys.pageScreens, refetchType: 'none' });
    }
    await navigate(paths.event(event.random_id));
  };
}

/** This date only: its own title and description (empty: the event's), hours, or cancelled. */
function DateForm({
  viewer,
  event,
  date,
}: {
  viewer: Viewer;
  event: EventDetails;
  date: EventDate;
}) {
  const afterSave = useAfterSave(viewer, event);
  const [initialPlace] = useState(() => chosenFromDate(date));
  const [place, setPlace] = useState<ChosenLocation | null>(initialPlace);
  const initialMode = date.location_overridden ? 'own' : 'event';
  const initialVenue = date.location_overridden ? (date.location?.name ?? '') : '';
  const form = useForm<DateValues>({
    initialValues: {
      title: date.title_override ?? '',
      description: date.description_override ?? '',
      start_time: date.start_time,
      end_time: date.end_time,
      cancelled: date.cancelled,
      place_mode: initialMode,
      venue: initialVenue,
    },
    validate: (values) => ({
      title:
        [...values.title.trim()].length > eventLimits.title
          ? `Keep the title to ${eventLimits.title} characters.`
          : null,
      description:
        [...values.description.trim()].length > eventLimits.description
          ? `Keep the description to ${eventLimits.description} characters.`
          : null,
      end_time: values.end_time === values.start_time ? 'The end comes after the start.' : null,
      venue:
        values.place_mode === 'own' && !place
          ? 'Choose where this date takes place.'
          : [...values.venue.trim()].length > eventLimits.venue
            ? `Keep the venue to ${eventLimits.venue} characters.`
            : null,
    }),
  });
  const template = event.templates[0];
  const placeChanged = place !== initialPlace;
  const eventPlace = placeText(template?.location ?? null);

  const locationChange = (values: DateValues) => {
    if (values.place_mode === 'event') return date.location_overridden ? { location: null } : {};
    if (!place) return {};
    if (
      values.place_mode !== initialMode ||
      placeChanged ||
      values.venue.trim() !== initialVenue.trim()
    )
      return { location: locationInputOf(place, values.venue) };
    return {};
  };

  const submit = form.onSubmit(async (values) => {
    await eventsApi.updateSpecific({
      specificId: date.id,
      title: values.title.trim() || null,
      description: values.description.trim() || null,
      ...(values.start_time !== date.start_time ? { start_time: values.start_time } : {}),
      ...(values.end_time !== date.end_time ? { end_time: values.end_time } : {}),
      ...(values.cancelled !== date.cancelled ? { cancelled: values.cancelled } : {}),
      ...locationChange(values),
    });
    await afterSave();
  });

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="This date" noValidate>
      <Card padding="lg">
        <Stack gap="md">
          <TextInput
            label="Title of this date"
            description={`Empty: “${template?.title ?? ''}”`}
            {...form.getInputProps('title')}
          />
          <Textarea
            label="Description of this date"
            description="Empty: the event’s description"
            autosize
            minRows={2}
            maxRows={10}
            value={form.values.description}
            error={form.errors.description || undefined}
            onChange={(event) => form.setFieldValue('description', event.currentTarget.value)}
          />
          <Radio.Group
            label="Where this date takes place"
            value={form.values.place_mode}
            onChange={(value) =>
              form.setFieldValue('place_mode', value as DateValues['place_mode'])
            }
          >
            <Stack gap={6} mt={6}>
              <Radio
                value="event"
                label="Where the event takes place"
                description={eventPlace ?? 'The event has no place'}
              />
              <Radio value="own" label="Somewhere else, this date only" />
            </Stack>
          </Radio.Group>
          {form.values.place_mode === 'own' && (
            <>
              <PlacePicker<Place>
                source={eventPlaces}
                value={place}
                onChange={(picked) => setPlace(picked ? chosenFromPlace(picked) : null)}
                label="Where, this date"
                description="A street address, or a suburb or town with the venue's name below"
                placeholder="Type an address or a suburb"
                noun="this date"
                withMyLocation
              />
              <TextInput
                label="Venue, this date"
                description="Optional with a street address"
                {...form.getInputProps('venue')}
              />
            </>
          )}
          <Group gap="sm" align="flex-start">
            <TextInput type="time" label="Starts" {...form.getInputProps('start_time')} w={130} />
            <TextInput type="time" label="Ends" {...form.getInputProps('end_time')} w={130} />
          </Group>
          <Checkbox
            label="Cancel this date"
            description="People who answered see it cancelled; calendars are told"
            {...form.getCheckboxProps('cancelled')}
          />
          <FormAlert message={form.formError} />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={form.submitting}
              disabled={!form.isDirty && !placeChanged}
            >
              Save this date
            </Button>
          </Group>
        </Stack>
      </Card>
      <UnsavedChangesPrompt when={!form.submitting && (form.isDirty || placeChanged)} />
    </form>
  );
}

/** This and future dates: the event's details, and its schedule when that changed. */
function FutureForm({ viewer, event }: { viewer: Viewer; event: EventDetails }) {
  const template = event.templates[0]!;
  const afterSave = useAfterSave(viewer, event);
  const [initialPlace] = useState(() => chosenFromTemplate(template));
  const [place, setPlace] = useState<ChosenLocation | null>(initialPlace);
  const [initialRecurrence] = useState(() => recurrenceOf(template.recurrence));
  const [recurrence, setRecurrence] = useState<Recurrence>(initialRecurrence);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<EventFormValues>({
    initialValues: {
      title: template.title,
      description: template.description,
      privacy: event.privacy,
      venue: template.location?.name ?? '',
      start_date: template.start_date,
      start_time: template.start_time,
      end_time: template.end_time,
      time_zone: template.time_zone,
    },
    validate: (values) => ({ ...validateDetails(values, place), ...validateSchedule(values) }),
  });
  const placeChanged = place !== initialPlace;

  const submit = form.onSubmit(async (values) => {
    const repeatProblem = recurrenceProblem(
      recurrence,
      `${values.start_date}T${values.start_time}`,
    );
    const pictureProblem = imageProblem(image);
    setImageError(pictureProblem);
    if (repeatProblem || pictureProblem) {
      form.setFormError(repeatProblem ?? pictureProblem);
      return;
    }
    await eventsApi.update({
      eventId: event.id,
      title: values.title.trim(),
      description: values.description.trim(),
      privacy: values.privacy,
      ...(place && (placeChanged || values.venue !== (template.location?.name ?? ''))
        ? { location: locationInputOf(place, values.venue) }
        : {}),
    });
    const scheduleChanged =
      values.start_date !== template.start_date ||
      values.start_time !== template.start_time ||
      values.end_time !== template.end_time ||
      values.time_zone !== template.time_zone ||
      JSON.stringify(recurrenceInputOf(recurrence)) !==
        JSON.stringify(recurrenceInputOf(initialRecurrence));
    if (scheduleChanged) {
      await eventsApi.updateFutureDates({
        eventId: event.id,
        time_zone: values.time_zone,
        start_date: values.start_date,
        start_time: values.start_time,
        end_time: values.end_time,
        recurrence: recurrenceInputOf(recurrence),
      });
    }
    if (image) await eventsApi.setImage(event.id, image);
    await afterSave();
  });

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="This and future dates" noValidate>
      <Stack gap="lg">
        <Card title="What and where" titleOrder={2}>
          <Stack gap="md">
            <DetailsFields form={form} place={place} onPlaceChange={setPlace} />
            <ImageField
              file={image}
              error={imageError}
              onChange={(file) => {
                setImage(file);
                setImageError(imageProblem(file));
              }}
            />
            {template.image && !image && (
              <Text size="xs" c="dimmed">
                The event has a picture; choose another to replace it.
              </Text>
            )}
          </Stack>
        </Card>
        <Card title="When" titleOrder={2}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Changing the schedule makes the dates to come again. A date that stays keeps its
              answers; a date that goes is cancelled when someone answered for it.
            </Text>
            <ScheduleFields
              form={form}
              recurrence={recurrence}
              onRecurrenceChange={setRecurrence}
            />
          </Stack>
        </Card>
        <FormAlert message={form.formError} />
        <Group justify="space-between">
          <Button component={Link} to={paths.event(event.random_id)} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
      <UnsavedChangesPrompt
        when={
          !form.submitting &&
          (form.isDirty || placeChanged || image !== null || recurrence !== initialRecurrence)
        }
      />
    </form>
  );
}
