import {
  Alert,
  Button,
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCurrentLocation, IconInfoCircle, IconMapPin } from '../icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * What the picker needs of a place: a label to show ("Fitzroy, Victoria, Australia") and the
 * point it stands for. The API's PlaceDto (`@plantfolk/api-client`) fits, and carries more (name,
 * state, country), which the form that uses the picker reads.
 */
export interface PickablePlace {
  label: string;
  latitude: number;
  longitude: number;
}

/**
 * Where places come from. `locationApi.placeSource()` of `@plantfolk/api-client` is one; tests
 * pass their own. `reverse` answers null when no place is near the point.
 */
export interface PlaceSource<P extends PickablePlace> {
  search(query: string, signal: AbortSignal): Promise<P[]>;
  reverse(point: { latitude: number; longitude: number }, signal: AbortSignal): Promise<P | null>;
}

export interface PlacePickerProps<P extends PickablePlace> {
  /** Keep it stable (made once per module, or memoised): a new source searches again. */
  source: PlaceSource<P>;
  /**
   * The chosen place, or null while none is chosen (typing clears a choice). A form may pass back
   * what it kept of the place it was given (its label and point).
   */
  value: PickablePlace | null;
  onChange: (place: P | null) => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** A validation message from the form (shown under the field). */
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  /** Offer "Use my location" (the browser's position, named by a reverse lookup). */
  withMyLocation?: boolean;
  /** What the place is for, in the location messages: "your area", "the event". */
  noun?: string;
  /** Wait this long after the last key before searching. */
  debounceMs?: number;
}

/** What the source answered for a query: its places, or null when the search failed. */
interface Answer<P> {
  query: string;
  places: P[] | null;
}

type Lookup<P> =
  | { state: 'idle' }
  | { state: 'searching'; query: string }
  | { state: 'done'; query: string; places: P[] }
  | { state: 'failed'; query: string };

type Locating =
  | { state: 'idle' }
  | { state: 'locating' }
  | { state: 'found'; label: string }
  | { state: 'failed'; message: string };

/** A search needs two letters or digits: one finds too much to be of use. */
const MIN_QUERY = 2;
const meaningful = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_QUERY;

/** Three decimals is about 100 m: a home's area, not its door. */
const roughly = (value: number) => Math.round(value * 1000) / 1000;

function geolocationProblem(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Your browser did not let Plantfolk see your location. Allow it in the site settings, or type your suburb or town.';
    case error.POSITION_UNAVAILABLE:
      return 'Your device could not work out where you are. Type your suburb or town instead.';
    case error.TIMEOUT:
      return 'Finding your location took too long. Try again, or type your suburb or town.';
    default:
      return 'Your location could not be found. Type your suburb or town instead.';
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 300_000,
    }),
  );
}

/**
 * Pick a place by typing its name: suburbs and towns (or, with a source that asks for them,
 * street addresses) appear as "Town, State, Country" after a short pause; arrow keys and Enter or
 * a click choose one. "Use my location" asks the browser where it is and fills in the place a
 * reverse lookup names there. The chosen value carries its point; nobody types coordinates.
 */
export function PlacePicker<P extends PickablePlace>({
  source,
  value,
  onChange,
  label = 'Suburb or town',
  description = 'Start typing, then choose your suburb or town from the list.',
  placeholder = 'e.g. Fitzroy',
  error,
  withAsterisk,
  disabled,
  withMyLocation = true,
  noun = 'your area',
  debounceMs = 250,
}: PlacePickerProps<P>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(value?.label ?? '');
  const [answer, setAnswer] = useState<Answer<P> | null>(null);
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const [debounced] = useDebouncedValue(text, debounceMs);
  const chosenLabel = value?.label ?? null;
  const locateController = useRef<AbortController | null>(null);
  const geolocationSupported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  // A value set from outside (a form reset, "Use my location") shows as the field's text.
  const [shownLabel, setShownLabel] = useState(chosenLabel);
  if (shownLabel !== chosenLabel) {
    setShownLabel(chosenLabel);
    if (chosenLabel !== null) setText(chosenLabel);
  }

  const query = debounced.trim();
  const wanted = meaningful(query) && query !== chosenLabel;
  const lookup: Lookup<P> = !wanted
    ? { state: 'idle' }
    : answer?.query === query
      ? answer.places
        ? { state: 'done', query, places: answer.places }
        : { state: 'failed', query }
      : { state: 'searching', query };

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    source.search(query, controller.signal).then(
      (places) => {
        if (!controller.signal.aborted) setAnswer({ query, places });
      },
      () => {
        if (!controller.signal.aborted) setAnswer({ query, places: null });
      },
    );
    return () => controller.abort();
  }, [query, wanted, source]);

  useEffect(() => () => locateController.current?.abort(), []);

  const places = lookup.state === 'done' ? lookup.places : [];
  const stale = text.trim() !== query;

  // When the answer arrives, the best match is highlighted: Enter picks it.
  useEffect(() => {
    if (answer?.places?.length) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is stable across renders
  }, [answer]);

  const choose = (place: P) => {
    setText(place.label);
    setLocating({ state: 'idle' });
    onChange(place);
    combobox.closeDropdown();
  };

  const locateMe = async () => {
    locateController.current?.abort();
    const controller = new AbortController();
    locateController.current = controller;
    setLocating({ state: 'locating' });
    let position: GeolocationPosition;
    try {
      position = await currentPosition();
    } catch (failure) {
      if (!controller.signal.aborted)
        setLocating({
          state: 'failed',
          message: geolocationProblem(failure as GeolocationPositionError),
        });
      return;
    }
    const point = {
      latitude: roughly(position.coords.latitude),
      longitude: roughly(position.coords.longitude),
    };
    try {
      const place = await source.reverse(point, controller.signal);
      if (controller.signal.aborted) return;
      if (!place) {
        setLocating({
          state: 'failed',
          message: 'No town we know of is near your location. Type your suburb or town instead.',
        });
        return;
      }
      // The place's name, with the browser's point (rounded): closer to home than the town's centre.
      const found = { ...place, ...point };
      setText(found.label);
      onChange(found);
      setLocating({ state: 'found', label: found.label });
    } catch {
      if (!controller.signal.aborted)
        setLocating({
          state: 'failed',
          message:
            'Your location could not be named just now. Try again, or type your suburb or town.',
        });
    }
  };

  const showDropdown =
    !stale && (lookup.state === 'done' || lookup.state === 'failed') && text.trim() !== chosenLabel;
  const announcement =
    stale || lookup.state === 'idle'
      ? ''
      : lookup.state === 'searching'
        ? 'Searching…'
        : lookup.state === 'failed'
          ? 'Places could not be looked up just now.'
          : lookup.places.length === 0
            ? `No place matches “${lookup.query}”.`
            : `${lookup.places.length} ${lookup.places.length === 1 ? 'place matches' : 'places match'}. Use the arrow keys and Enter to choose.`;

  return (
    <Stack gap="xs">
      <Combobox
        store={combobox}
        onOptionSubmit={(index) => {
          const place = places[Number(index)];
          if (place) choose(place);
        }}
        withinPortal={false}
      >
        <Combobox.Target withExpandedAttribute autoComplete="off">
          <TextInput
            label={label}
            description={description}
            placeholder={placeholder}
            error={error}
            withAsterisk={withAsterisk}
            disabled={disabled}
            value={text}
            leftSection={<IconMapPin size={18} aria-hidden />}
            rightSection={lookup.state === 'searching' ? <Loader size="xs" /> : null}
            spellCheck={false}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setText(next);
              setLocating({ state: 'idle' });
              if (value && next !== value.label) onChange(null);
              combobox.openDropdown();
            }}
            onFocus={() => combobox.openDropdown()}
            onClick={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showDropdown}>
          {places.length > 0 && (
            <Combobox.Options aria-label="Places">
              {places.map((place, index) => (
                <Combobox.Option value={String(index)} key={`${place.label}@${index}`}>
                  {place.label}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          )}
          {lookup.state === 'done' && places.length === 0 && (
            <Text size="sm" p="xs">
              No place matches “{lookup.query}”. Check the spelling, or try a nearby town.
            </Text>
          )}
          {lookup.state === 'failed' && (
            <Text size="sm" p="xs">
              Places could not be looked up just now. Try again.
            </Text>
          )}
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {withMyLocation && (
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            onClick={() => void locateMe()}
            loading={locating.state === 'locating'}
            disabled={disabled || !geolocationSupported}
          >
            Use my location
          </Button>
          {locating.state === 'found' && (
            <Text size="sm" role="status">
              Found {noun}: {locating.label}.
            </Text>
          )}
        </Group>
      )}
      {locating.state === 'failed' && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {locating.message}
        </Alert>
      )}
    </Stack>
  );
}
