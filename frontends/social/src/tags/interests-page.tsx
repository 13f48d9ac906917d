import { interestTypes, type InterestType, type Tag } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FormAlert,
  Group,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  formatCount,
  splitServerError,
} from '@plantfolk/ui';
import { Chip, SegmentedControl } from '@plantfolk/ui/controls';
import { tagsApi } from '@plantfolk/api-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { tagKeys } from '../content/query-keys';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { LastInterestModal } from './last-interest-modal';
import { interestLabels, useInterestChanges, useMyInterests } from './use-interests';
import { tagTitle } from './tag-title';

/** `/user/interests`: pick the tags you follow, grow or want, by category. */
export function InterestsPage() {
  const viewer = useViewer();
  const categories = useQuery({
    queryKey: tagKeys.interestCategories,
    queryFn: ({ signal }) => tagsApi.interestCategories(signal),
  });
  const interests = useMyInterests(viewer);
  const [type, setType] = useState<InterestType>('follow');

  const header = (
    <PageTitle
      title="Your interests"
      description="Pick what you follow, what you grow and what you are looking for. Your feed and suggestions follow your interests."
      actions={
        <Anchor component={Link} to={paths.myInterests} size="sm">
          See all your interests
        </Anchor>
      }
    />
  );

  if (categories.isPending || interests.isPending) {
    return (
      <>
        {header}
        <PageLoader label="Loading interests" />
      </>
    );
  }
  if (categories.isError || interests.isError) {
    return (
      <>
        {header}
        <Alert color="red" role="alert" title="Interests did not load">
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              void categories.refetch();
              void interests.refetch();
            }}
          >
            Try again
          </Button>
        </Alert>
      </>
    );
  }

  const held = new Set(interests.data.filter((i) => i.interest_type === type).map((i) => i.tag.id));
  return (
    <>
      {header}
      <Stack gap="md">
        {!viewer.canWrite && <JoinConversationPrompt viewer={viewer} />}
        <div>
          <Text size="sm" fw={600} mb={6} id="interest-type">
            What do you want to mark?
          </Text>
          <SegmentedControl
            aria-labelledby="interest-type"
            value={type}
            onChange={(value) => setType(value as InterestType)}
            data={interestTypes.map((value) => ({
              value,
              label: `${interestLabels[value].verb}`,
            }))}
          />
        </div>
        <InterestPicker
          // A new type starts from what the viewer holds for it.
          key={type}
          type={type}
          held={held}
          categories={categories.data}
          disabled={!viewer.canWrite}
        />
      </Stack>
    </>
  );
}

function InterestPicker({
  type,
  held,
  categories,
  disabled,
}: {
  type: InterestType;
  held: Set<number>;
  categories: (Tag & { children: Tag[] })[];
  disabled: boolean;
}) {
  const viewer = useViewer();
  const changes = useInterestChanges(viewer);
  const [picked, setPicked] = useState(() => new Set(held));
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const added = useMemo(() => [...picked].filter((id) => !held.has(id)), [picked, held]);
  const dropped = useMemo(() => [...held].filter((id) => !picked.has(id)), [picked, held]);
  const busy = changes.add.isPending || changes.remove.isPending;

  const toggle = (id: number) => {
    setNotice(null);
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const apply = async () => {
    setProblem(null);
    try {
      if (added.length > 0) await changes.add.mutateAsync({ tagIdArr: added, interestType: type });
      if (dropped.length > 0) {
        await changes.remove.mutateAsync({ tagIdArr: dropped, interestType: type });
      }
      setConfirming(false);
      setNotice('Your interests are saved.');
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  const save = async () => {
    setProblem(null);
    try {
      if (added.length === 0 && dropped.length > 0 && (await changes.wouldBeLast(dropped))) {
        setConfirming(true);
        return;
      }
      await apply();
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  if (categories.length === 0) {
    return (
      <Card padding="lg">
        <Text c="dimmed">There are no interest categories yet.</Text>
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {categories.map((category) => (
        <Card key={category.id} title={tagTitle(category.name)} titleOrder={2} padding="md">
          {category.description && (
            <Text size="sm" c="dimmed" mb="sm">
              {category.description}
            </Text>
          )}
          <Group gap="xs" role="group" aria-label={`Tags in ${tagTitle(category.name)}`}>
            {[category, ...category.children].map((tag) => (
              <Chip
                key={tag.id}
                checked={picked.has(tag.id)}
                onChange={() => toggle(tag.id)}
                disabled={disabled || busy}
                variant="light"
              >
                #{tag.name}
                <Text span size="xs" c="dimmed" ml={6}>
                  {formatCount(tag.follower_count)}
                </Text>
              </Chip>
            ))}
          </Group>
        </Card>
      ))}
      <FormAlert message={problem} />
      <Group justify="flex-end" gap="sm">
        {notice && (
          <Text size="sm" c="var(--mantine-color-success)" role="status">
            {notice}
          </Text>
        )}
        <Button
          onClick={() => void save()}
          loading={busy}
          disabled={disabled || (added.length === 0 && dropped.length === 0)}
        >
          Save {interestLabels[type].verb.toLowerCase()} interests
        </Button>
      </Group>
      <LastInterestModal
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void apply()}
        busy={busy}
      />
    </Stack>
  );
}
