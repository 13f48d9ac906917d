import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TagsAdminService } from '../tags';
import { repointPostTags } from './post-tag-merge.queries';

/** When admins merge two tags, the posts of the one that goes carry the one that stays. */
@Injectable()
export class PostTagMerge implements OnModuleInit {
  constructor(private readonly tagsAdmin: TagsAdminService) {}

  onModuleInit() {
    this.tagsAdmin.registerReferenceHolder({
      name: 'post_tag',
      repoint: async (manager, fromId, intoId) => ({
        publicPosts: await repointPostTags(manager, fromId, intoId),
      }),
    });
  }
}
