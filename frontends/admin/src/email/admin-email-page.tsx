import { adminOpsApi, isApiError, type AdminMember } from '@plantfolk/api-client';
import {
  Button,
  Card,
  FormAlert,
  Group,
  PageTitle,
  Stack,
  Text,
  useDebouncedValue,
} from '@plantfolk/ui';
import { Radio, TextInput } from '@plantfolk/ui/controls';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { memberName, stageLabels } from '../users/member-lists';
import { useAdminMembers } from '../users/use-admin-members';

const SEARCH_MAX = 100;
/** How many matches of each list the picker shows (the member lists page has them all). */
const PICKER_MAX = 10;

interface AdminEmail {
  id: 'new-verified-user' | 'account-deletion';
  title: string;
  /** Who receives it and why. */
  description: string;
  send: (member: AdminMember) => Promise<{ queued: number }>;
  /** Why this member cannot get it, or null. */
  refuse: (member: AdminMember) => string | null;
  queued: (queued: number, member: AdminMember) => string;
}

const EMAILS: AdminEmail[] = [
  {
    id: 'new-verified-user',
    title: 'New verified member',
    description:
      'Tells every admin that this member has verified their e-mail address, so one of you can welcome them or look at the account. Verifying sends it once by itself; send it again here (for an admin added since). The member gets nothing.',
    send: (member) => adminOpsApi.emailNewVerifiedUser(member.uuid),
    refuse: (member) =>
      member.stage === 'signed-up'
        ? 'This member has not verified their e-mail address yet.'
        : null,
    queued: (queued, member) =>
      `Queued: ${queued} ${queued === 1 ? 'e-mail' : 'e-mails'} to the admins about ${memberName(member)}.`,
  },
  {
    id: 'account-deletion',
    title: 'Account deletion notice',
    description:
      'Tells the member that their account is being deleted, with everything it holds. Send it before deleting the account from the member lists; deleting it does not happen here.',
    send: (member) => adminOpsApi.emailAccountDeletion(member.uuid),
    refuse: () => null,
    queued: (_queued, member) => `Queued: the notice to ${member.email}.`,
  },
];

function describeFailure(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'The e-mail could not be queued; please try again.';
}

function EmailCard({ email, member }: { email: AdminEmail; member: AdminMember | null }) {
  const send = useMutation({ mutationFn: (to: AdminMember) => email.send(to) });
  const refusal = member ? email.refuse(member) : null;
  const sentFor = send.variables;
  return (
    <Card title={email.title} padding="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {email.description}
        </Text>
        {refusal && <Text size="sm">{refusal}</Text>}
        <Button
          w="fit-content"
          maw="100%"
          h="auto"
          py={8}
          // A long member name wraps instead of overflowing a phone's width.
          styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
          disabled={!member || refusal !== null}
          loading={send.isPending}
          onClick={() => member && send.mutate(member)}
        >
          {member
            ? `Send: ${email.title.toLowerCase()} (${memberName(member)})`
            : 'Pick a member first'}
        </Button>
        <Text size="sm" role="status" aria-live="polite">
          {send.isSuccess && sentFor ? email.queued(send.data.queued, sentFor) : ''}
        </Text>
        <FormAlert message={send.isError ? describeFailure(send.error) : null} />
      </Stack>
    </Card>
  );
}

/** `/admin/email`: pick a member, then send one of the admins' e-mails about them. */
export function AdminEmailPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const registered = useAdminMembers('registered', debounced);
  const incomplete = useAdminMembers('incomplete', debounced);
  const matches = [
    ...registered.members.slice(0, PICKER_MAX),
    ...incomplete.members.slice(0, PICKER_MAX),
  ];
  const [picked, setPicked] = useState<AdminMember | null>(null);
  const loading = registered.query.isPending || incomplete.query.isPending;
  const failed = registered.query.isError || incomplete.query.isError;
  return (
    <Stack gap="lg">
      <PageTitle
        title="E-mails"
        description="The e-mails admins send about a member. Each is queued and sent in the background."
      />
      <Card title="Member" padding="md">
        <Stack gap="sm">
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <TextInput
              label="Find a member"
              description="By username, display name or e-mail address"
              type="search"
              value={search}
              maxLength={SEARCH_MAX}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={480}
            />
          </form>
          {loading ? (
            <Text c="dimmed">Loading members…</Text>
          ) : failed ? (
            <Text role="alert">The members could not be loaded.</Text>
          ) : matches.length === 0 ? (
            <Text c="dimmed">No member matches.</Text>
          ) : (
            <Radio.Group
              label="Send to or about"
              value={picked?.uuid ?? null}
              onChange={(id) => setPicked(matches.find((member) => member.uuid === id) ?? null)}
            >
              <Stack gap="xs" mt="xs">
                {matches.map((member) => (
                  <Radio
                    key={member.uuid}
                    value={member.uuid}
                    label={memberName(member)}
                    description={`${member.email} · ${stageLabels[member.stage]}`}
                    styles={{
                      label: { overflowWrap: 'anywhere' },
                      description: { overflowWrap: 'anywhere' },
                    }}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group>
            <Text size="sm" aria-live="polite">
              {picked ? `Picked: ${memberName(picked)} (${picked.email})` : 'No member picked yet.'}
            </Text>
          </Group>
        </Stack>
      </Card>
      {EMAILS.map((email) => (
        <EmailCard key={email.id} email={email} member={picked} />
      ))}
    </Stack>
  );
}
