import {
  isApiError,
  type AdminMember,
  type AdminMemberList,
  type MemberRolesInput,
} from '@plantfolk/api-client';
import { useSession } from '@plantfolk/session';
import {
  Anchor,
  Button,
  Group,
  IconChevronLeft,
  IconMoodEmpty,
  Loader,
  PageTitle,
  Stack,
  Text,
  splitServerError,
  useDebouncedValue,
} from '@plantfolk/ui';
import { TextInput } from '@plantfolk/ui/controls';
import { CursorListView } from '@plantfolk/ui/cursor-list';
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

      <CursorListView
        list={{ query, items: members, hasMore, loadingMore, loadMore }}
        label={info.title}
        loadingLabel="Loading members"
        skeletonHeight={112}
        loadingTestId="members-loading"
        errorTitle="The members could not be loaded"
        errorMessage={describeFailure}
        emptyIcon={<IconMoodEmpty size={30} stroke={1.5} aria-hidden />}
        emptyMessage={searching ? `Nobody matches “${debounced}”.` : info.empty}
        emptyTestId="members-empty"
        loadMoreLabel="Show more members"
        endMessage={searching ? 'That is everyone who matches.' : 'That is everyone.'}
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((member) => (
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
        )}
      </CursorListView>
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
