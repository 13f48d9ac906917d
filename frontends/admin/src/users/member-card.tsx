import type { AdminMember, MemberRolesInput } from '@plantfolk/api-client';
import {
  Badge,
  Button,
  FormAlert,
  formatFullDate,
  Group,
  IconArrowBackUp,
  IconBan,
  IconServer2,
  IconShieldCheck,
  IconTrash,
  Paper,
  Stack,
  Text,
  UserAvatar,
} from '@plantfolk/ui';
import { useId } from 'react';
import { memberName, placeOf, stageLabels } from './member-lists';

/** The switches an admin flips on a member card. */
export type RoleField = 'trusted' | 'ops' | 'suspended';

export interface MemberCardProps {
  member: AdminMember;
  /** The admin looking: they cannot suspend or delete themselves. */
  isSelf: boolean;
  /** A change of this member is on its way. */
  busy: RoleField | null;
  problem: string | null;
  onChange: (member: AdminMember, changes: MemberRolesInput) => void;
  onDelete: (member: AdminMember) => void;
}

/**
 * One member in an admin list: who they are (name, username, e-mail, place, when they joined,
 * roles) and what an admin may do (trust, grant ops, suspend, delete). On a phone it is a card; wider, the
 * details and the actions share a row.
 */
export function MemberCard({ member, isSelf, busy, problem, onChange, onDelete }: MemberCardProps) {
  const nameId = useId();
  const name = memberName(member);
  const place = placeOf(member);
  const selfNote = isSelf ? 'You cannot suspend or delete your own account here.' : undefined;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={nameId}
      data-testid="admin-member"
    >
      <Group justify="space-between" align="flex-start" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <UserAvatar user={{ username: member.username || member.email, avatar: member.avatar }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text
              component="h2"
              fw={600}
              size="md"
              id={nameId}
              style={{ overflowWrap: 'anywhere' }}
            >
              {name}
              {isSelf && (
                <Text component="span" c="dimmed" size="sm" fw={400}>
                  {' '}
                  (you)
                </Text>
              )}
            </Text>
            {member.username && member.username !== name && (
              <Text size="sm" c="dimmed">
                @{member.username}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {member.email}
            </Text>
            <Text size="sm" c="dimmed">
              {[place, `joined ${formatFullDate(member.created_at)}`].filter(Boolean).join(' · ')}
            </Text>
            <Group gap={6} mt={4}>
              {member.stage !== 'registered' && (
                <Badge variant="outline" color="gray">
                  {stageLabels[member.stage]}
                </Badge>
              )}
              {member.admin && (
                <Badge variant="light" color="grape">
                  Admin
                </Badge>
              )}
              {member.trusted && (
                <Badge variant="light" color="green">
                  Trusted
                </Badge>
              )}
              {member.ops && (
                <Badge variant="light" color="gray">
                  Ops
                </Badge>
              )}
              {member.suspended && (
                <Badge variant="light" color="red">
                  Suspended
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group
          gap="xs"
          style={{ flex: '0 1 auto' }}
          role="group"
          aria-label={`Actions for ${name}`}
        >
          <Button
            variant={member.trusted ? 'default' : 'light'}
            size="xs"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            loading={busy === 'trusted'}
            disabled={busy !== null}
            onClick={() => onChange(member, { trusted: !member.trusted })}
          >
            {member.trusted ? 'Withdraw trust' : 'Make trusted'}
          </Button>
          <Button
            variant={member.ops ? 'default' : 'light'}
            size="xs"
            leftSection={<IconServer2 size={16} aria-hidden />}
            loading={busy === 'ops'}
            disabled={busy !== null}
            title="Ops: the queue dashboard (read-only) and the metrics, no members' data"
            onClick={() => onChange(member, { ops: !member.ops })}
          >
            {member.ops ? 'Withdraw ops' : 'Grant ops'}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={
              member.suspended ? (
                <IconArrowBackUp size={16} aria-hidden />
              ) : (
                <IconBan size={16} aria-hidden />
              )
            }
            loading={busy === 'suspended'}
            disabled={busy !== null || isSelf}
            title={selfNote}
            onClick={() => onChange(member, { suspended: !member.suspended })}
          >
            {member.suspended ? 'Reinstate' : 'Suspend'}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={busy !== null || isSelf}
            title={selfNote}
            onClick={() => onDelete(member)}
          >
            Delete…
          </Button>
        </Group>
      </Group>
      {problem && (
        <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          <FormAlert message={problem} />
        </div>
      )}
    </Paper>
  );
}
