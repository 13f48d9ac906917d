import { isApiError } from '@plantfolk/api-client';
import { Button, Card, FormAlert, Group, IconTrash, Modal, Stack, Text } from '@plantfolk/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { eventsApi, type EventDetails } from '../api/events-api';
import { eventKeys } from '../api/query-keys';
import { paths } from '../app/paths';
import type { Viewer } from '../app/viewer';
import type { ArrivalNotice } from '../shared/arrival-notice';

/**
 * Deleting the event (its creator, its page's owner or an admin): asked once more in a dialog,
 * then the event list says it is gone.
 */
export function DeleteEventSection({ viewer, event }: { viewer: Viewer; event: EventDetails }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const title = event.templates[0]?.title ?? 'this event';
  const answered = event.dates.reduce(
    (sum, date) => sum + date.counts.going + date.counts.maybe,
    0,
  );

  const remove = async () => {
    if (!viewer.user || deleting) return;
    setDeleting(true);
    setProblem(null);
    try {
      await eventsApi.remove(event.id, viewer.user.uuid);
      queryClient.removeQueries({ queryKey: eventKeys.event(viewer.key, event.random_id) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all, refetchType: 'none' });
      if (event.page) {
        void queryClient.invalidateQueries({
          queryKey: eventKeys.pageScreens,
          refetchType: 'none',
        });
      }
      const state: ArrivalNotice = { notice: `“${title}” was deleted.` };
      await navigate(paths.events, { state });
    } catch (error) {
      setProblem(isApiError(error) ? error.message : 'The event could not be deleted. Try again.');
      setDeleting(false);
    }
  };

  return (
    <Card title="Delete the event" titleOrder={2}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Every date, answer and “what I bring” note goes with it. To stop one date only, cancel
          that date instead.
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setOpen(true)}
          >
            Delete event
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => !deleting && setOpen(false)} title={`Delete “${title}”?`}>
        <Stack gap="md">
          <Text size="sm">
            {answered > 0
              ? `${answered} ${answered === 1 ? 'answer' : 'answers'} of Going or Maybe on its dates go too, and calendars subscribed to it lose its dates. `
              : 'Calendars subscribed to it lose its dates. '}
            This cannot be undone.
          </Text>
          <FormAlert message={problem} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={deleting}>
              Keep the event
            </Button>
            <Button color="red" onClick={() => void remove()} loading={deleting}>
              Delete event
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
