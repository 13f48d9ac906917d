import { displayNameOf, useSession, type SessionUser } from '@plantfolk/session';
import {
  Badge,
  Button,
  Card,
  Group,
  IconArrowRight,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconCircleCheck,
  IconMailCheck,
  IconMapPin,
  IconPhone,
  IconPhoto,
  IconTag,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  ThemeIcon,
  useSiteName,
} from '@plantfolk/ui';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

interface FirstStep {
  title: string;
  text: string;
  to: string;
  action: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  done: boolean;
  optional?: boolean;
}

function firstStepsFor(user: SessionUser, siteName: string): FirstStep[] {
  return [
    {
      title: 'Confirm your e-mail address',
      text: 'So we know it is you, and can reach you about your account.',
      to: '/auth/verify',
      action: 'Confirm it',
      icon: IconMailCheck,
      done: user.stage !== 'signed-up',
    },
    {
      title: 'Choose your username and area',
      text: `Your name on ${siteName}, and the suburb we use to show you what is nearby.`,
      to: '/auth/register',
      action: 'Finish your profile',
      icon: IconMapPin,
      done: user.stage === 'registered',
    },
    {
      title: 'Add a profile photo',
      text: 'A face (or a favourite plant) helps people recognise you at swaps.',
      to: '/settings#photo',
      action: 'Add a photo',
      icon: IconPhoto,
      done: Boolean(user.avatar),
    },
    {
      title: 'Pick your interests',
      text: 'Follow tags like succulents or propagation, and your feed fills with them.',
      to: '/user/interests',
      action: 'Choose tags',
      icon: IconTag,
      done: false,
    },
    {
      title: 'Find events near you',
      text: 'Plant swaps, garden workdays and workshops in your area.',
      to: '/events',
      action: 'Browse events',
      icon: IconCalendarEvent,
      done: false,
    },
    {
      title: 'Create a page for your group',
      text: 'A garden club, community garden or nursery? Give it a page with its own posts and events.',
      to: '/auth/setup-page',
      action: 'Set up a page',
      icon: IconBuildingCommunity,
      done: false,
      optional: true,
    },
    {
      title: 'Verify your phone number',
      text: `Helps keep ${siteName} free of fake accounts. Your number stays private.`,
      to: '/auth/sms',
      action: 'Verify',
      icon: IconPhone,
      done: user.phone_verified,
      optional: true,
    },
  ];
}

/** `/welcome`: the first steps after signing up, with what is done ticked off. */
export function WelcomePage() {
  const user = useSession((state) => state.user);
  const siteName = useSiteName();
  if (!user) return <PageLoader />;
  const steps = firstStepsFor(user, siteName);
  const remaining = steps.filter((step) => !step.done && !step.optional).length;

  return (
    <Stack gap="lg">
      <PageTitle
        title={`Welcome to ${siteName}, ${displayNameOf(user)}!`}
        description={
          remaining === 0
            ? 'You are all set. Here are a few things to do next.'
            : `A few first steps to make ${siteName} yours.`
        }
        actions={
          <Button component={Link} to="/" rightSection={<IconArrowRight size={18} aria-hidden />}>
            Go to your feed
          </Button>
        }
      />
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {steps.map((step) => (
          <li key={step.title}>
            <Card padding="md">
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon
                  size={42}
                  radius="xl"
                  variant={step.done ? 'filled' : 'light'}
                  color={step.done ? 'green' : undefined}
                  aria-hidden
                >
                  {step.done ? <IconCircleCheck size={22} /> : <step.icon size={22} aria-hidden />}
                </ThemeIcon>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={700}>{step.title}</Text>
                    {step.done && (
                      <Badge color="green" variant="light">
                        Done
                      </Badge>
                    )}
                    {step.optional && !step.done && (
                      <Badge color="gray" variant="light">
                        Optional
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {step.text}
                  </Text>
                </Stack>
                {!step.done && (
                  <Button component={Link} to={step.to} variant="light" size="sm">
                    {step.action}
                  </Button>
                )}
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
