import { Injectable } from '@nestjs/common';
import type { Member } from '../../platform/access/current-caller.decorator';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { type Viewer, viewerOf } from '../../platform/access/viewer';
import { isUuid } from '../../platform/ids/uuid';
import { decodeCursor, DEFAULT_PAGE_SIZE } from '../../platform/paging/paging';
import { MembersService } from '../identity';
import { TagsService } from '../tags';
import { assertCaller } from './authorship';
import { ContentItemsService } from './content-items.service';
import { ContentErrors } from './content.errors';

/** No tag has this id (ids start at 1): a name with no tag looks for posts with it. */
const NO_TAG = 0;

/** The lists of posts: the news feed, a member's posts, a tag's posts, single posts. */
@Injectable()
export class FeedsService {
  constructor(
    private readonly items: ContentItemsService,
    private readonly members: MembersService,
    private readonly tags: TagsService,
  ) {}

  /** Every post the viewer may see, newest bumped first. */
  recent(viewer: Viewer, cursor?: unknown, take = DEFAULT_PAGE_SIZE) {
    return this.items.page(viewer, {}, decodeCursor('bumped_at', cursor), take);
  }

  /**
   * The guests' feed: the same page with the site's counts (as the caller may see them), read
   * beside the page from the tallies, so no page counts the posts.
   */
  async contentItems(viewer: Viewer, cursor?: unknown) {
    const [listed, counts] = await Promise.all([
      this.recent(viewer, cursor),
      this.items.siteCounts(viewer, { plants: 'plant/image' }),
    ]);
    return new WithResponders(
      {
        contentItems: listed.data.items,
        counts: { posts: counts.total, plants: counts.plants },
        next_cursor: listed.data.next_cursor,
      },
      listed.responders,
    );
  }

  /** The caller's own posts (private ones included). */
  mine(member: Member, uuid: string, cursor?: unknown) {
    assertCaller(member, uuid);
    return this.byUser(viewerOf(member), uuid, cursor);
  }

  byUser(viewer: Viewer, userId: string, cursor?: unknown, take = DEFAULT_PAGE_SIZE) {
    if (!isUuid(userId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'id', messages: ['must be a user uuid'] }]);
    return this.items.page(
      viewer,
      { userId: userId.toLowerCase() },
      decodeCursor('bumped_at', cursor),
      take,
    );
  }

  async byUsername(viewer: Viewer, username: string, cursor?: unknown) {
    const user = await this.members.publicSummaryByUsername(username);
    return this.byUser(viewer, user.uuid, cursor);
  }

  /**
   * Posts with a tag. A tag the catalogue does not list to the viewer answers TAG_NOT_FOUND, as a
   * name with no tag does, unless the viewer can see a post that carries it (then they know it):
   * see tags/tag-visibility.ts. A name with no tag takes the same steps, so neither answer nor
   * the work behind it tells the two apart.
   */
  async byTag(viewer: Viewer, tagName: string, cursor?: unknown) {
    const tag = await this.tags.lookup(
      tagName,
      viewer.kind === 'member' ? { userId: viewer.userId, admin: viewer.admin } : null,
    );
    const tagId = tag?.id ?? NO_TAG;
    if (!tag?.listed && !(await this.items.exists(viewer, { tagId })))
      throw ContentErrors.TAG_NOT_FOUND();
    return this.items.page(viewer, { tagId }, decodeCursor('bumped_at', cursor), DEFAULT_PAGE_SIZE);
  }

  one(viewer: Viewer, key: string) {
    return this.items.oneWithResponders(viewer, key);
  }

  /** `/api/post/{id}`: the post under `post`, its author in responders. */
  async publicOne(viewer: Viewer, key: string) {
    const listed = await this.items.oneWithResponders(viewer, key);
    return new WithResponders({ post: listed.data }, listed.responders);
  }
}
