import { Injectable } from '@nestjs/common';
import type { Member } from '../../platform/access/current-caller.decorator';
import { WithResponders } from '../../platform/http/envelope';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { MembersService } from '../identity/members.service';
import { TagsService } from '../tags/tags.service';
import { ContentItemsService } from './content-items.service';
import { ContentErrors } from './content.errors';
import { decodeCursor, DEFAULT_PAGE_SIZE, isUuid } from './paging';
import { assertCaller } from './posts.service';
import type { Viewer } from './visibility';

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

  /** The guests' feed: the same page with the site's counts (as the caller may see them). */
  async contentItems(viewer: Viewer, cursor?: unknown) {
    const listed = await this.recent(viewer, cursor);
    const counts = await this.items.count(viewer, {}, { plants: "p.type = 'plant/image'" });
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
    return this.byUser(
      { kind: 'member', userId: member.userId, admin: member.admin },
      uuid,
      cursor,
    );
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

  async byTag(viewer: Viewer, tagName: string, cursor?: unknown) {
    const tagId = await this.tags.idByName(tagName);
    if (tagId === null) throw ContentErrors.TAG_NOT_FOUND();
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
