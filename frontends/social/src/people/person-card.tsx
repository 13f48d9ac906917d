import { Card, Group, Stack, Text, UserAvatar } from '@plantfolk/ui';
import { Link } from 'react-router';
import { placeOf } from './people-data';

export interface PersonLike {
  uuid: string;
  username: string;
  display_name: string | null;
  avatar: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  bio?: string | null;
}

/**
 * One member in a list: avatar, name, handle and place (and `extra`), linking to `/{username}`.
 * An article, as the items of an infinite list (a feed) must be.
 */
export function PersonCard({ person, extra }: { person: PersonLike; extra?: string }) {
  const place = placeOf(person);
  return (
    <article aria-label={person.display_name ?? person.username}>
      <PersonCardBody person={person} place={place} extra={extra} />
    </article>
  );
}

function PersonCardBody({
  person,
  place,
  extra,
}: {
  person: PersonLike;
  place: string;
  extra?: string;
}) {
  return (
    <Card padding="md">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <UserAvatar user={person} size="lg" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text
            fw={600}
            truncate
            component={Link}
            to={`/${person.username}`}
            className="pf-list-link"
          >
            {person.display_name ?? person.username}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            @{person.username}
            {place ? ` · ${place}` : ''}
            {extra ? ` · ${extra}` : ''}
          </Text>
          {person.bio && (
            <Text size="sm" lineClamp={2}>
              {person.bio}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
