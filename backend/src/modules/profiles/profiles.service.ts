import { Injectable } from '@nestjs/common';
import type { Viewer } from '../../platform/access/viewer';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { ContentService } from '../content';
import { MembersService } from '../identity';
import { PagesService } from '../pages';
import { AppError } from '../../platform/http/app-error';
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
    private readonly pages: PagesService,
  ) {}

  /** What a member has shared, counted as the viewer may see it (one query). */
  async counts(viewer: Viewer, userId: string) {
    if (!isUuid(userId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'id', messages: ['must be a user uuid'] }]);
    const counts = await this.content.count(viewer, { userId: userId.toLowerCase() }, PLANT_COUNTS);
    return { posts: counts.total, plantsAll: counts.plantsAll, plantsAvail: counts.plantsAvail };
  }

  /**
   * `/{handle}`: a member's summary and counts, or a page (usernames and page handles share one
   * namespace, so at most one of them answers); 404 USER_NOT_FOUND when neither does.
   */
  async userOrPageBasic(viewer: Viewer, handle: string) {
    try {
      const user = await this.members.publicProfileByUsername(handle);
      return { kind: 'user' as const, user, counts: await this.counts(viewer, user.uuid) };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'USER_NOT_FOUND') throw error;
      const page = await this.pages.findByHandle(viewer, handle);
      if (!page) throw error;
      return { kind: 'page' as const, page };
    }
  }
}
