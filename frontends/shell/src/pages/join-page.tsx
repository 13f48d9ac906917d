import {
  Box,
  Button,
  type Feature,
  FeatureGrid,
  Group,
  IconArrowRight,
  IconCalendarRepeat,
  IconMapPin,
  IconMessages,
  IconPlant2,
  IconSeedling,
  IconTag,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@plantfolk/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const features: Feature[] = [
  {
    icon: IconMapPin,
    title: 'Local first',
    text: 'See plants, pages and events near you before anything else.',
  },
  {
    icon: IconPlant2,
    title: 'Swap and share plants',
    text: 'List cuttings and plants, mark them available, and find new homes for them.',
  },
  {
    icon: IconTag,
    title: 'Follow what you love',
    text: 'Tags for every kind of plant lover, from bonsai to balcony veggies.',
  },
  {
    icon: IconCalendarRepeat,
    title: 'Recurring events',
    text: 'Monthly swaps and weekly workdays, with attendance for each date.',
  },
  {
    icon: IconMessages,
    title: 'Talk directly',
    text: 'Message members and the pages of local groups to arrange the details.',
  },
  {
    icon: IconSeedling,
    title: 'Grow your group',
    text: 'Give your community garden or plant society a page people can find.',
  },
];

const steps = [
  { title: 'Create your account', text: 'Sign up with your e-mail address and confirm it.' },
  { title: 'Set your area', text: 'Tell us your suburb so we can show you what is nearby.' },
  { title: 'Pick your interests', text: 'Follow a few tags and your feed starts to fill up.' },
];

function Band({ children, tinted = false }: { children: ReactNode; tinted?: boolean }) {
  return (
    <Box
      component="section"
      py={{ base: 48, md: 72 }}
      px="md"
      style={
        tinted
          ? {
              background:
                'linear-gradient(135deg, var(--mantine-color-green-light) 0%, transparent 70%)',
            }
          : undefined
      }
    >
      <Box maw={1120} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

/** The landing page for visitors: what Plantfolk is, and a way in. */
export function JoinPage() {
  return (
    <>
      <Band tinted>
        <Stack gap="lg" maw={720}>
          <Text fw={700} c="green" tt="uppercase" size="sm" style={{ letterSpacing: '0.08em' }}>
            Join Plantfolk
          </Text>
          <Title order={1} fz={{ base: 34, md: 48 }} lh={1.1}>
            Grow together with the plant lovers near you
          </Title>
          <Text size="xl" c="dimmed">
            Share cuttings and know-how, find plant swaps and workdays in your area, and meet the
            local groups that keep your neighbourhood green.
          </Text>
          <Group gap="sm">
            <Button
              component={Link}
              to="/auth/signup"
              size="lg"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Create your free account
            </Button>
            <Button component={Link} to="/auth/login" size="lg" variant="default">
              I already have an account
            </Button>
          </Group>
        </Stack>
      </Band>

      <Band>
        <Title order={2} size="h2" mb="xl">
          Everything a plant community needs
        </Title>
        <FeatureGrid features={features} columns={3} iconPlacement="above" size="lg" />
      </Band>

      <Band tinted>
        <Title order={2} size="h2" mb="xl">
          Getting started takes three minutes
        </Title>
        <SimpleGrid
          cols={{ base: 1, md: 3 }}
          spacing="lg"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {steps.map((step, index) => (
            <li key={step.title}>
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size={36} radius="xl" aria-hidden>
                  {index + 1}
                </ThemeIcon>
                <div>
                  <Title order={3} size="h4" mb={4}>
                    {step.title}
                  </Title>
                  <Text c="dimmed">{step.text}</Text>
                </div>
              </Group>
            </li>
          ))}
        </SimpleGrid>
        <Group mt={40}>
          <Button component={Link} to="/auth/signup" size="lg">
            Sign up now
          </Button>
          <Button component={Link} to="/" size="lg" variant="subtle">
            Look around first
          </Button>
        </Group>
      </Band>
    </>
  );
}
