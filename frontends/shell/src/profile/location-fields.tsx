import {
  Alert,
  Button,
  Group,
  IconCurrentLocation,
  IconInfoCircle,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@plantfolk/ui';
import { Fieldset, NumberInput } from '@plantfolk/ui/controls';
import type { ChangeEvent } from 'react';
import { coordinateProblem, placeNameProblem } from './profile-rules';
import { useGeolocation } from './use-geolocation';

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
  getInputProps(name: LocationField): {
    name: string;
    value: string | number;
    error?: string;
    onChange: (value: ChangeEvent<HTMLInputElement> | string | number) => void;
  };
  setFieldValue(name: 'latitude' | 'longitude', value: number | ''): void;
}

/** The validation of the location part of a form (all fields required). */
export function locationProblems(values: LocationValues) {
  return {
    suburb_city: placeNameProblem(values.suburb_city, 'suburb or city'),
    state: placeNameProblem(values.state, 'state or region'),
    country: placeNameProblem(values.country, 'country'),
    latitude: coordinateProblem(values.latitude, 'latitude'),
    longitude: coordinateProblem(values.longitude, 'longitude'),
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
 * Suburb/city, state, country and the point on the map. "Use my location" fills in the point
 * from the browser; the names are typed (they are what other members see).
 */
export function LocationFields({ form }: { form: LocationForm }) {
  const geolocation = useGeolocation();
  const fillFromBrowser = async () => {
    const found = await geolocation.locate();
    if (!found) return;
    form.setFieldValue('latitude', found.latitude);
    form.setFieldValue('longitude', found.longitude);
  };
  const coordinateProps = (name: 'latitude' | 'longitude') => {
    const props = form.getInputProps(name);
    return {
      ...props,
      onChange: (value: number | string) =>
        form.setFieldValue(name, value === '' ? '' : Number(value)),
    };
  };

  return (
    <Fieldset legend="Your area" variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Members near you see your suburb, state and country, never your exact position. The point
          on the map is used to find people, plants and events nearby.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Suburb or city"
            autoComplete="address-level2"
            withAsterisk
            {...form.getInputProps('suburb_city')}
          />
          <TextInput
            label="State or region"
            autoComplete="address-level1"
            withAsterisk
            {...form.getInputProps('state')}
          />
          <TextInput
            label="Country"
            autoComplete="country-name"
            withAsterisk
            {...form.getInputProps('country')}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Latitude"
            min={-90}
            max={90}
            decimalScale={6}
            step={0.0001}
            hideControls
            withAsterisk
            w={150}
            {...coordinateProps('latitude')}
          />
          <NumberInput
            label="Longitude"
            min={-180}
            max={180}
            decimalScale={6}
            step={0.0001}
            hideControls
            withAsterisk
            w={150}
            {...coordinateProps('longitude')}
          />
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={18} aria-hidden />}
            onClick={() => void fillFromBrowser()}
            loading={geolocation.status === 'locating'}
            disabled={!geolocation.supported}
          >
            Use my location
          </Button>
        </Group>
        {geolocation.status === 'found' && (
          <Text size="sm" c="green.8" role="status">
            Found your location. Check that the suburb, state and country match it.
          </Text>
        )}
        {geolocation.error && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {geolocation.error}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}
