import { IconLock, IconUsers, IconWorld } from '@plantfolk/ui';
import type { PostPrivacy } from '@plantfolk/api-client';

/** How each privacy is named and drawn wherever a post shows who may see it. */
export const privacyOptions: Record<
  PostPrivacy,
  { label: string; description: string; icon: typeof IconWorld }
> = {
  public: { label: 'Public', description: 'Anyone, also without an account', icon: IconWorld },
  members: { label: 'Members', description: 'Plantfolk members only', icon: IconUsers },
  private: { label: 'Only me', description: 'Nobody but you', icon: IconLock },
};

export const privacyOrder: PostPrivacy[] = ['public', 'members', 'private'];
