import { locationApi, type Place } from '@plantfolk/api-client';
import { Stack, Text } from '@plantfolk/ui';
import { Fieldset, PlacePicker } from '@plantfolk/ui/controls';
import { areaLabel, coordinateProblem, placeNameProblem, toPlaceName } from './profile-rules';

export type LocationValues = {
  suburb_city: string;
  state: string;
  country: string;
  latitude: number | '';
  longitude: number | '';
};

type LocationField = keyof LocationValues;

/** What the fields need of the form they sit in (any form whose values include a location). */
export interface LocationForm {
  values: LocationValues;
  errors: Partial<Record<LocationField, string | null | undefined>>;
  setFieldValue<K extends LocationField>(name: K, value: LocationValues[K]): void;
}

/** Registration and settings pick towns and suburbs (no street addresses: an area is enough). */
const areaSource = locationApi.placeSource();

const PICK_FROM_LIST = 'Type your suburb or town, then choose it from the list.';

/**
 * The validation of the location part of a form: one message, at the picker, unless a name the
 * picker filled in is one the API would refuse (possible for a name kept from an older profile).
 */
export function locationProblems(values: LocationValues): Record<LocationField, string | null> {
  const unchosen =
    !values.suburb_city.trim() ||
    coordinateProblem(values.latitude, 'latitude') !== null ||
    coordinateProblem(values.longitude, 'longitude') !== null;
  return {
    suburb_city: unchosen
      ? PICK_FROM_LIST
      : (placeNameProblem(values.suburb_city, 'suburb or town') ??
        placeNameProblem(values.state, 'state or region') ??
        placeNameProblem(values.country, 'country')),
    state: null,
    country: null,
    latitude: null,
    longitude: null,
  };
}

/** Converts the form's location values into the API's fields (trimmed names, numbers). */
export function locationInput(values: LocationValues) {
  return {
    suburb_city: values.suburb_city.trim(),
    state: values.state.trim(),
    country: values.country.trim(),
    latitude: Number(values.latitude),
    longitude: Number(values.longitude),
  };
}

/**
 * The profile's fields for a picked place. The API takes letters and spaces only in these
 * (spec section 5), so "Saint-Étienne" is kept as "Saint Étienne". A place without a region (a
 * city-state) uses its own name as the state, which the API requires.
 */
export function areaOfPlace(place: Place): LocationValues {
  const name = place.kind === 'address' ? (place.locality ?? place.name) : place.name;
  return {
    suburb_city: toPlaceName(name),
    state: toPlaceName(place.state ?? place.name),
    country: toPlaceName(place.country),
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

const AREA_FIELDS: LocationField[] = ['suburb_city', 'state', 'country', 'latitude', 'longitude'];

/**
 * Your area: type a suburb or town and choose it, or "Use my location". What the form keeps are
 * the names other members see and the point that nearby searches start from; nobody types a
 * coordinate.
 */
export function LocationFields({ form }: { form: LocationForm }) {
  const { values } = form;
  const chosen =
    values.suburb_city.trim() && values.latitude !== '' && values.longitude !== ''
      ? {
          label: areaLabel(values),
          latitude: values.latitude,
          longitude: values.longitude,
        }
      : null;
  const error = AREA_FIELDS.map((field) => form.errors[field]).find(Boolean);

  const pick = (place: Place | null) => {
    const area: LocationValues = place
      ? areaOfPlace(place)
      : { suburb_city: '', state: '', country: '', latitude: '', longitude: '' };
    for (const field of AREA_FIELDS) form.setFieldValue(field, area[field]);
  };

  return (
    <Fieldset legend="Your area" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Members near you see your suburb, state and country, never your exact position. Plantfolk
          uses your area to find people, plants and events nearby.
        </Text>
        <PlacePicker
          source={areaSource}
          value={chosen}
          onChange={pick}
          label="Suburb or town"
          description="Start typing, then choose your suburb or town from the list."
          placeholder="e.g. Fitzroy"
          error={error}
          withAsterisk
        />
      </Stack>
    </Fieldset>
  );
}
