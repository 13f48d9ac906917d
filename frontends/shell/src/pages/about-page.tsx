import {
  Anchor,
  Button,
  Card,
  type Feature,
  FeatureGrid,
  Group,
  IconCalendarEvent,
  IconMessages,
  IconPlant2,
  IconTag,
  IconUsers,
  List,
  PageTitle,
  Stack,
  Text,
  Title,
  useCachedPublicSettings,
} from '@plantfolk/ui';
import { Link } from 'react-router';
import { ContactForm } from './contact-form';

const offerings: Feature[] = [
  {
    icon: IconPlant2,
    title: 'Posts and plant listings',
    text: 'Share photos and stories, or list plants and cuttings you can give away or swap. Each listing says whether it is still available.',
  },
  {
    icon: IconTag,
    title: 'Tags and interests',
    text: 'Follow tags like succulents, propagation or native gardens to shape what you see.',
  },
  {
    icon: IconUsers,
    title: 'Pages for groups',
    text: 'Community gardens, plant societies and nurseries get a page with a handle of their own.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Events',
    text: 'Plant swaps, workdays and workshops, one-off or recurring, with attendance for every date.',
  },
  {
    icon: IconMessages,
    title: 'Messages',
    text: 'Arrange a swap or ask a question directly, person to person or with a page.',
  },
];

/** Shown until the settings are read: the default of `site_description`, so it rarely changes. */
const DEFAULT_DESCRIPTION = 'Plant lovers sharing plants, pages and events near them.';

export function AboutPage() {
  const { siteName, siteDescription } = useCachedPublicSettings();
  return (
    <Stack gap="xl">
      <PageTitle title={`About ${siteName}`} description={siteDescription || DEFAULT_DESCRIPTION} />

      <Card title="Why we built it">
        <Stack gap="sm">
          <Text>
            The best plant advice and the healthiest cuttings usually come from someone a few
            streets away. Plantfolk makes those people easy to find: you see posts, plants, pages
            and events near you first, and you can talk to the people behind them.
          </Text>
          <Text>
            Anyone can browse the public part of Plantfolk as a guest — news, profiles, tags, pages,
            plants and nearby events. Members post, comment, react and follow tags. Trusted members
            can also create pages and events and send messages.
          </Text>
        </Stack>
      </Card>

      <section aria-labelledby="about-offerings">
        <Title order={2} size="h3" id="about-offerings" mb="md">
          What you can do here
        </Title>
        <FeatureGrid features={offerings} />
      </section>

      <Card title="How we look after the community">
        <List spacing="xs" size="sm">
          <List.Item>Your location is used to show what is near you, at suburb level.</List.Item>
          <List.Item>
            Every post has a privacy setting, and you can change it at any time.
          </List.Item>
          <List.Item>
            Admins can remove content and accounts that break the{' '}
            <Anchor component={Link} to="/docs/terms-of-use">
              terms of use
            </Anchor>
            .
          </List.Item>
          <List.Item>
            The{' '}
            <Anchor component={Link} to="/docs/privacy-policy">
              privacy policy
            </Anchor>{' '}
            explains what we store and why.
          </List.Item>
        </List>
      </Card>

      <Card title="Contact us or send feedback">
        <ContactForm />
      </Card>

      <Group>
        <Button component={Link} to="/join" size="md">
          Join Plantfolk
        </Button>
        <Button component={Link} to="/events" variant="default" size="md">
          Browse events
        </Button>
      </Group>
    </Stack>
  );
}
