import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { ContentService } from '../content';
import { MembersService } from '../identity';
import { PLANT_COUNTS } from '../plants';

/**
 * What a profile shows, composed from the modules below: who a handle is (a member today; a page
 * when pages land) and what they have shared. Nothing below imports this module.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly members: MembersService,
    private readonly content: ContentService,
  ) {}

  /** What a member has shared, counted as the viewer may see it (one query). */
  async counts(viewer: Viewer, userId: string) {
    if (!isUuid(userId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'id', messages: ['must be a user uuid'] }]);
    const counts = await this.content.count(viewer, { userId: userId.toLowerCase() }, PLANT_COUNTS);
    return { posts: counts.total, plantsAll: counts.plantsAll, plantsAvail: counts.plantsAvail };
  }

  /** `/{handle}`: a member's summary and counts (pages come later: other handles are 404). */
  async userOrPageBasic(viewer: Viewer, handle: string) {
    const user = await this.members.publicProfileByUsername(handle);
    return { kind: 'user' as const, user, counts: await this.counts(viewer, user.uuid) };
  }
}
