import type { RegistrationStage } from '../../platform/access/access-policy';
import type { UserAccount } from './entities/user-account.entity';

/** The caller's own account as the browser sees it (spec: User). */
export interface Profile {
  uuid: string;
  email: string;
  email_verified: boolean;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  avatar: string | null;
  avatar_blurhash: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
  location: { latitude: number; longitude: number } | null;
  csrf_token: string;
  phone_verified: boolean;
  stage: RegistrationStage;
  roles: Array<'trusted' | 'admin'>;
  suspended: boolean;
  created_at: string;
}

/** A member's own page: their summary and their bio. */
export interface PublicProfile extends UserSummary {
  bio: string | null;
}

/** What anyone may see of a member (spec: Responder / user summary). */
export interface UserSummary {
  uuid: string;
  username: string;
  /** How they like to be called (plain text); null: the username alone. */
  display_name: string | null;
  avatar: string | null;
  suburb_city: string | null;
  state: string | null;
  country: string | null;
}

export function stageOf(
  user: Pick<UserAccount, 'emailVerifiedAt' | 'registeredAt'>,
): RegistrationStage {
  if (!user.emailVerifiedAt) return 'signed-up';
  return user.registeredAt ? 'registered' : 'verified';
}

export function rolesOf(
  user: Pick<UserAccount, 'isTrusted' | 'isAdmin'>,
): Array<'trusted' | 'admin'> {
  return [
    ...(user.isTrusted ? (['trusted'] as const) : []),
    ...(user.isAdmin ? (['admin'] as const) : []),
  ];
}

export function toProfile(user: UserAccount, csrfToken: string): Profile {
  return {
    uuid: user.id,
    email: user.email,
    email_verified: Boolean(user.emailVerifiedAt),
    username: user.username,
    display_name: user.displayName,
    bio: user.bio,
    avatar: user.avatar,
    avatar_blurhash: user.avatarBlurhash,
    suburb_city: user.suburbCity,
    state: user.state,
    country: user.country,
    location:
      user.latitude === null || user.longitude === null
        ? null
        : { latitude: user.latitude, longitude: user.longitude },
    csrf_token: csrfToken,
    phone_verified: Boolean(user.phoneVerifiedAt),
    stage: stageOf(user),
    roles: rolesOf(user),
    suspended: Boolean(user.suspendedAt),
    created_at: user.createdAt.toISOString(),
  };
}

export function toUserSummary(user: UserAccount): UserSummary {
  return {
    uuid: user.id,
    username: user.username ?? '',
    display_name: user.displayName,
    avatar: user.avatar,
    suburb_city: user.suburbCity,
    state: user.state,
    country: user.country,
  };
}
