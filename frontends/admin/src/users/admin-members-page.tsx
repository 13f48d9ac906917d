import {
  isApiError,
  type AdminMember,
  type AdminMemberList,
  type MemberRolesInput,
} from '@plantfolk/api-client';
import { useSession } from '@plantfolk/session';
import {
  Alert,
  Anchor,
  Button,
  Group,
  IconAlertTriangle,
  IconChevronLeft,
  IconMoodEmpty,
  IconRefresh,
  InfiniteList,
  Loader,
  PageTitle,
  Skeleton,
  Stack,
  Text,
  splitServerError,
  useDebouncedValue,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { DeleteMemberDialog } from './delete-member-dialog';
import { MemberCard, type RoleField } from './member-card';
import { memberListOrder, memberLists } from './member-lists';
import { useAdminMembers, useMemberActions } from './use-admin-members';

/** How long typing pauses before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_MAX = 100;

/** The words shown for a refused change, by the API's error code. */
const messageForCode: Record<string, string> = {
  LAST_ADMIN: 'You can’t remove the last admin: the site needs at least one active admin.',
  CANNOT_CHANGE_SELF: 'You can’t suspend or delete your own account here.',
  USER_NOT_FOUND: 'This member no longer exists; the list has been refreshed.',
};

function describeFailure(error: unknown): string {
  if (
    isApiError(error) &&
    (error.status === 401 || error.status === 403) &&
    error.code !== 'CSRF_FAILED'
  )
    return 'Your session does not allow this any more. Log in again as an admin.';
  return splitServerError(error, [], {}, messageForCode).formError ?? 'Something went wrong.';
}

type Busy = { uuid: string; field: RoleField } | null;

/** What the screen reader hears once a change is saved, after the member's name. */
const changeAnnouncements: Record<RoleField, (member: AdminMember) => string> = {
  trusted: (member) => (member.trusted ? 'is now trusted' : 'is no longer trusted'),
  ops: (member) => (member.ops ? 'can now watch the queues (ops)' : 'no longer has ops access'),
  suspended: (member) => (member.suspended ? 'is suspended' : 'is reinstated'),
};

/** One of the admins' member lists: searchable, paged, each member with their actions. */
export function AdminMembersPage({ list }: { list: AdminMemberList }) {
  const info = memberLists[list];
  const me = useSession((state) => state.user?.uuid ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { query, members, hasMore, loadingMore, loadMore } = useAdminMembers(list, debounced);
  const actions = useMemberActions();
  const [busy, setBusy] = useState<Busy>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<AdminMember | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const setProblem = (uuid: string, message: string | null) =>
    setProblems((current) => {
      const next = { ...current };
      if (message) next[uuid] = message;
      else delete next[uuid];
      return next;
    });

  const change = async (member: AdminMember, changes: MemberRolesInput) => {
    const field: RoleField =
      changes.trusted !== undefined ? 'trusted' : changes.ops !== undefined ? 'ops' : 'suspended';
    setBusy({ uuid: member.uuid, field });
    setProblem(member.uuid, null);
    try {
      const updated = await actions.updateRoles.mutateAsync({ uuid: member.uuid, changes });
      const name = updated.display_name || updated.username || updated.email;
      setAnnouncement(`${name} ${changeAnnouncements[field](updated)}.`);
    } catch (failure) {
      setProblem(member.uuid, describeFailure(failure));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async (member: AdminMember) => {
    setDeleteProblem(null);
    try {
      await actions.remove.mutateAsync(member.uuid);
      setDeleting(null);
      setAnnouncement(
        `The account of ${member.display_name || member.username || member.email} was deleted.`,
      );
    } catch (failure) {
      setDeleteProblem(describeFailure(failure));
    }
  };

  const searching = debounced.length > 0;
  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to="/admin" size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            <IconChevronLeft size={16} aria-hidden />
            Admin
          </Group>
        </Anchor>
      </div>
      <PageTitle title={info.title} description={info.description} />
      <nav aria-label="Member lists">
        <Group gap="xs">
          {memberListOrder.map((other) => (
            <Button
              key={other}
              component={NavLink}
              to={memberLists[other].path}
              variant={other === list ? 'filled' : 'default'}
              size="sm"
              aria-current={other === list ? 'page' : undefined}
            >
              {memberLists[other].label}
            </Button>
          ))}
        </Group>
      </nav>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label="Search members"
          description="By username, display name or e-mail address"
          type="search"
          value={search}
          maxLength={SEARCH_MAX}
          rightSection={
            query.isPlaceholderData && query.isFetching ? <Loader size="xs" aria-hidden /> : null
          }
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={480}
        />
      </form>
      <Text size="sm" role="status" aria-live="polite">
        {announcement}
      </Text>

      {query.isPending ? (
        <Stack gap="sm" aria-hidden data-testid="members-loading">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={112} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title="The members could not be loaded"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{describeFailure(query.error)}</Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : members.length === 0 ? (
        <Group gap="sm" c="dimmed" py="lg" data-testid="members-empty">
          <IconMoodEmpty size={24} aria-hidden />
          <Text>{searching ? `Nobody matches “${debounced}”.` : info.empty}</Text>
        </Group>
      ) : (
        <InfiniteList
          aria-label={info.title}
          itemCount={members.length}
          hasMore={hasMore}
          loading={loadingMore}
          onLoadMore={loadMore}
          loadMoreLabel="Show more members"
          endMessage={searching ? 'That is everyone who matches.' : 'That is everyone.'}
        >
          <Stack gap="sm">
            {members.map((member) => (
              <MemberCard
                key={member.uuid}
                member={member}
                isSelf={member.uuid === me}
                busy={busy?.uuid === member.uuid ? busy.field : null}
                problem={problems[member.uuid] ?? null}
                onChange={(target, changes) => void change(target, changes)}
                onDelete={(target) => {
                  setDeleteProblem(null);
                  setDeleting(target);
                }}
              />
            ))}
          </Stack>
        </InfiniteList>
      )}
      <DeleteMemberDialog
        member={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        deleting={actions.remove.isPending}
        problem={deleteProblem}
      />
    </Stack>
  );
}

export function RegisteredMembersPage() {
  return <AdminMembersPage list="registered" />;
}

export function IncompleteMembersPage() {
  return <AdminMembersPage list="incomplete" />;
}
