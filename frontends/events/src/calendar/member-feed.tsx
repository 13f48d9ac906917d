import { isApiError } from '@plantfolk/api-client';
import {
  Anchor,
  Button,
  Card,
  FormAlert,
  Group,
  IconCalendarEvent,
  Modal,
  Stack,
  Text,
} from '@plantfolk/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { eventsApi, type CalendarFeed } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import type { Viewer } from '../app/viewer';
import { formatDay } from '../time/zoned-time';

type Copied = 'yes' | 'failed' | null;

/**
 * "Subscribe in your calendar" on /events: the member's private feed of the dates they answered
 * Going. The server keeps only a hash of its secret address, so the address shows once, when it
 * is made; afterwards the member can make a new one (the old one stops working) or turn it off.
 */
export function MemberFeedCard({ viewer }: { viewer: Viewer }) {
  const queryClient = useQueryClient();
  const statusKey = eventKeys.memberFeed(viewer.key);
  const status = useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => eventsApi.memberFeedStatus(signal),
    enabled: viewer.ready && viewer.user !== null,
  });
  const [feed, setFeed] = useState<CalendarFeed | null>(null);
  const [busy, setBusy] = useState<'make' | 'off' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [copied, setCopied] = useState<Copied>(null);

  const run = async (kind: 'make' | 'off') => {
    setBusy(kind);
    setProblem(null);
    setCopied(null);
    try {
      if (kind === 'make') setFeed(await eventsApi.newMemberFeed());
      else {
        await eventsApi.revokeMemberFeed();
        setFeed(null);
      }
      setConfirmReset(false);
      await queryClient.invalidateQueries({ queryKey: statusKey });
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'Check your connection and try again.');
    } finally {
      setBusy(null);
    }
  };

  const copy = (url: string) => {
    if (!navigator.clipboard?.writeText) return setCopied('failed');
    navigator.clipboard.writeText(url).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };

  const active = feed !== null || status.data?.active === true;
  const since = status.data?.created_at
    ? formatDay(new Date(status.data.created_at), Intl.DateTimeFormat().resolvedOptions().timeZone)
    : null;

  return (
    <Card title="Subscribe in your calendar" titleOrder={2}>
      <Stack gap="sm" data-testid="member-feed">
        <Text size="sm" c="dimmed">
          A private calendar feed of the dates you answered Going for. Your calendar app checks it
          for changes and cancellations. Anyone with the link can read it, so keep it to yourself.
        </Text>
        {feed ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Your calendar link (shown only now)
            </Text>
            <Text
              size="sm"
              ff="monospace"
              style={{ wordBreak: 'break-all' }}
              data-testid="member-feed-url"
            >
              {feed.url}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="sm" variant="light" onClick={() => copy(feed.url)}>
                Copy link
              </Button>
              <Button size="sm" variant="default" component="a" href={feed.webcal_url}>
                Open in calendar app
              </Button>
            </Group>
            <Text size="sm" role="status" c={copied === 'failed' ? 'red' : undefined}>
              {copied === 'yes'
                ? 'Link copied. Paste it where your calendar app adds a calendar by URL.'
                : copied === 'failed'
                  ? 'Copying did not work: select the link above and copy it.'
                  : ''}
            </Text>
          </Stack>
        ) : status.isPending && viewer.user ? (
          <Text size="sm" c="dimmed">
            Checking your calendar link…
          </Text>
        ) : active ? (
          <Text size="sm">
            {since ? `You made a calendar link on ${since}.` : 'You have a calendar link.'} For your
            privacy it is shown only when made: to subscribe elsewhere, reset it and use the new
            one.
          </Text>
        ) : null}
        <FormAlert message={problem} />
        <Group gap="xs" wrap="wrap">
          {active ? (
            <>
              <Button
                size="sm"
                variant="default"
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
                onClick={() => setConfirmReset(true)}
                loading={busy === 'make'}
                disabled={busy !== null}
              >
                Reset link
              </Button>
              <Button
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => void run('off')}
                loading={busy === 'off'}
                disabled={busy !== null}
              >
                Turn the feed off
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="light"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              onClick={() => void run('make')}
              loading={busy === 'make'}
              disabled={busy !== null || status.isPending}
            >
              Get my calendar link
            </Button>
          )}
        </Group>
        {!active && (
          <Text size="xs" c="dimmed">
            How to add it:{' '}
            <Anchor
              href="https://support.google.com/calendar/answer/37100"
              target="_blank"
              rel="noreferrer"
              size="xs"
            >
              Google Calendar
            </Anchor>
            ; in Apple Calendar and Outlook, choose to subscribe to or add a calendar from the web.
          </Text>
        )}
      </Stack>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Reset your calendar link?"
      >
        <Stack gap="md">
          <Text size="sm">
            You get a new link, and calendars subscribed to the old one stop updating. Use this when
            the link reached someone it should not have, or you need it again.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              Keep the old link
            </Button>
            <Button onClick={() => void run('make')} loading={busy === 'make'}>
              Make a new link
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
