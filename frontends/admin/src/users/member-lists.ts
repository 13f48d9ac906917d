import type { AdminMember, AdminMemberList } from '@plantfolk/api-client';

export interface MemberListInfo {
  list: AdminMemberList;
  path: string;
  /** Name of the list in tabs and links. */
  label: string;
  title: string;
  description: string;
  /** Shown when the list has nobody in it (no search). */
  empty: string;
}

/** The admins' two member lists (spec: complete and incomplete profiles). */
export const memberLists: Record<AdminMemberList, MemberListInfo> = {
  registered: {
    list: 'registered',
    path: '/admin/users/registered',
    label: 'Registered',
    title: 'Registered members',
    description:
      'Members who have chosen a username and location. Make trusted organisers here: trusted members can create pages and events and send messages.',
    empty: 'Nobody has finished registering yet.',
  },
  incomplete: {
    list: 'incomplete',
    path: '/admin/users/incomplete',
    label: 'Incomplete',
    title: 'Incomplete profiles',
    description:
      'Accounts that have signed up but not yet verified their e-mail address or chosen a username and location.',
    empty: 'Every account has finished registering.',
  },
};

export const memberListOrder: AdminMemberList[] = ['registered', 'incomplete'];

/** How a member is named to the admin: the display name, else the username, else the e-mail. */
export function memberName(member: Pick<AdminMember, 'display_name' | 'username' | 'email'>) {
  return member.display_name || member.username || member.email;
}

/**
 * What an admin types to confirm a deletion: the username, or the e-mail address of an account
 * that has none yet.
 */
export function confirmationWord(member: Pick<AdminMember, 'username' | 'email'>): string {
  return member.username || member.email;
}

export const stageLabels: Record<AdminMember['stage'], string> = {
  'signed-up': 'E-mail not verified',
  verified: 'No username or location yet',
  registered: 'Registered',
};

/** "Fitzroy, Victoria, Australia", leaving out what is missing; null when nothing is known. */
export function placeOf(
  member: Pick<AdminMember, 'suburb_city' | 'state' | 'country'>,
): string | null {
  const parts = [member.suburb_city, member.state, member.country].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
