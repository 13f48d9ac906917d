import { interestTypes, type InterestType, type UserInterest } from '@plantfolk/api-client';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FormAlert,
  Group,
  IconPlus,
  IconTrash,
  PageLoader,
  PageTitle,
  Stack,
  Text,
  formatCount,
  splitServerError,
} from '@plantfolk/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../app/paths';
import { useViewer } from '../app/viewer';
import { JoinConversationPrompt } from '../posts/guest-prompt';
import { LastInterestModal } from './last-interest-modal';
import { interestLabels, useInterestChanges, useMyInterests } from './use-interests';

type Removal = { tagId: number; interestType: InterestType };

/** `/user/my-interests`: the viewer's interests by kind, each removable (warning before the last). */
export function MyInterestsPage() {
  const viewer = useViewer();
  const interests = useMyInterests(viewer);
  const changes = useInterestChanges(viewer);
  const [confirming, setConfirming] = useState<Removal | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = async (removal: Removal) => {
    setRemoving(removal);
    try {
      await changes.remove.mutateAsync({
        tagIdArr: [removal.tagId],
        interestType: removal.interestType,
      });
      setConfirming(null);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    } finally {
      setRemoving(null);
    }
  };

  const ask = async (removal: Removal) => {
    setProblem(null);
    try {
      if (await changes.wouldBeLast([removal.tagId])) setConfirming(removal);
      else await remove(removal);
    } catch (failure) {
      setProblem(splitServerError(failure, []).formError);
    }
  };

  const header = (
    <PageTitle
      title="My interests"
      description="The tags you follow, grow and are looking for."
      actions={
        <Button
          component={Link}
          to={paths.interests}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Add interests
        </Button>
      }
    />
  );
  if (interests.isPending) {
    return (
      <>
        {header}
        <PageLoader label="Loading your interests" />
      </>
    );
  }
  if (interests.isError) {
    return (
      <>
        {header}
        <Alert color="red" role="alert" title="Your interests did not load">
          <Button size="xs" variant="light" onClick={() => void interests.refetch()}>
            Try again
          </Button>
        </Alert>
      </>
    );
  }
  const byType = (type: InterestType): UserInterest[] =>
    interests.data.filter((interest) => interest.interest_type === type);

  return (
    <>
      {header}
      <Stack gap="md">
        {!viewer.canWrite && <JoinConversationPrompt viewer={viewer} />}
        <FormAlert message={problem} />
        {interests.data.length === 0 && (
          <Card padding="lg">
            <Text c="dimmed">
              You have no interests yet.{' '}
              <Anchor component={Link} to={paths.interests}>
                Choose some
              </Anchor>{' '}
              to see more of what you love.
            </Text>
          </Card>
        )}
        {interestTypes
          .filter((type) => byType(type).length > 0)
          .map((type) => (
            <Card key={type} title={interestLabels[type].heading} titleOrder={2} padding="md">
              <Stack gap={6} component="ul" className="pf-plain-list">
                {byType(type).map(({ tag }) => (
                  <Group key={tag.id} justify="space-between" component="li" wrap="nowrap">
                    <div>
                      <Anchor component={Link} to={paths.tag(tag.name)} fw={600}>
                        #{tag.name}
                      </Anchor>
                      <Text span size="xs" c="dimmed" ml="xs">
                        {formatCount(tag.follower_count)}{' '}
                        {tag.follower_count === 1 ? 'follower' : 'followers'}
                      </Text>
                    </div>
                    {viewer.canWrite && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        loading={removing?.tagId === tag.id && removing.interestType === type}
                        onClick={() => void ask({ tagId: tag.id, interestType: type })}
                        aria-label={`Remove ${tag.name} from ${interestLabels[type].heading.toLowerCase()}`}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            </Card>
          ))}
      </Stack>
      <LastInterestModal
        opened={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
        busy={removing !== null}
      />
    </>
  );
}
