import { NOT_AVAILABLE, type Plant } from '@plantfolk/api-client';
import {
  Anchor,
  Badge,
  Group,
  IconArrowsExchange,
  IconMapPin,
  Stack,
  Text,
  Title,
  formatCount,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { paths } from '../app/paths';

/** Availability as a badge; the text is exactly the API's ('Not available' when not). */
export function AvailabilityBadge({ plant }: { plant: Plant }) {
  const available = plant.available;
  return (
    <Badge color={available ? 'green' : 'gray'} variant={available ? 'light' : 'outline'} tt="none">
      {available ? 'Available' : NOT_AVAILABLE}
    </Badge>
  );
}

/** What a plant listing offers: name, species, availability, how many, on what terms. */
export function PlantDetails({
  plant,
  linkName = true,
  headingOrder = 3,
}: {
  plant: Plant;
  linkName?: boolean;
  headingOrder?: 1 | 2 | 3;
}) {
  return (
    <Stack gap={4} className="pf-plant-details">
      <Group gap="xs" align="center" wrap="wrap">
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'}>
          {linkName ? (
            <Anchor
              component={Link}
              to={paths.plant(plant.id)}
              inherit
              c="inherit"
              underline="hover"
            >
              {plant.name}
            </Anchor>
          ) : (
            plant.name
          )}
        </Title>
        <AvailabilityBadge plant={plant} />
      </Group>
      {plant.species && (
        <Text size="sm" fs="italic" c="dimmed">
          {plant.species}
        </Text>
      )}
      <Group gap="md" fz="sm">
        {plant.quantity !== null && (
          <Text size="sm">
            <Text span fw={600}>
              Quantity:
            </Text>{' '}
            {formatCount(plant.quantity)}
          </Text>
        )}
        {plant.distance_km !== null && plant.distance_km !== undefined && (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} aria-hidden />
            <Text size="sm">{formatCount(plant.distance_km)} km away</Text>
          </Group>
        )}
        {plant.swap_terms && (
          <Group gap={4} wrap="nowrap">
            <IconArrowsExchange size={16} aria-hidden />
            <Text size="sm">{plant.swap_terms}</Text>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
