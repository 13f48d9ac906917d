import { useSession } from '@plantfolk/session';
import {
  Badge,
  Button,
  Card,
  type Feature,
  FeatureGrid,
  Group,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconListDetails,
  IconMapPin,
  PageTitle,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { attendanceColors, attendanceLabels, attendanceStatuses } from './attendance';

const howEventsWork: Feature[] = [
  {
    icon: IconCalendarRepeat,
    title: 'One-off or recurring',
    text: 'An event can happen once or repeat — a monthly swap, a weekly workday. Each date has its own details.',
  },
  {
    icon: IconListDetails,
    title: 'Attendance per date',
    text: 'You answer for each date separately, so organisers know who to expect every time.',
  },
  {
    icon: IconMapPin,
    title: 'Near you',
    text: 'Events are listed by where they happen, so you find the ones you can walk or cycle to.',
  },
];

/** `/events`: what events are on Plantfolk and, when there are some, the list. */
export function EventsPage() {
  const loggedIn = useSession((state) => state.loggedIn);
  return (
    <Stack gap="xl">
      <PageTitle
        title="Events"
        description="Plant swaps, garden workdays and workshops organised by members and local groups."
      />

      <Card title="Upcoming events" titleOrder={2}>
        <Stack align="center" gap="sm" py="lg" ta="center" data-testid="events-empty-state">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconCalendarEvent size={30} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={3} size="h4">
            There are no events yet
          </Title>
          <Text c="dimmed" maw={440}>
            When members and local groups publish events, they will be listed here, nearest first.
          </Text>
          {loggedIn !== true && (
            <Button component={Link} to="/join" variant="light" mt="xs">
              Join to organise or attend events
            </Button>
          )}
        </Stack>
      </Card>

      <section aria-labelledby="how-events-work">
        <Title order={2} size="h4" id="how-events-work" mb="sm">
          How events work
        </Title>
        <FeatureGrid features={howEventsWork} columns={3} iconPlacement="above" />
      </section>

      <Card title="Your answer for each date" titleOrder={2}>
        <Text size="sm" c="dimmed" mb="sm">
          For every date of an event you can say one of:
        </Text>
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {attendanceStatuses.map((status) => (
            <li key={status}>
              <Badge size="lg" variant="filled" autoContrast color={attendanceColors[status]}>
                {attendanceLabels[status]}
              </Badge>
            </li>
          ))}
        </Group>
        <Text size="sm" c="dimmed" mt="sm">
          The organiser is told when you answer. Trusted members and pages can create events.
        </Text>
      </Card>
    </Stack>
  );
}
