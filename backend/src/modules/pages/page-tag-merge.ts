import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TagsAdminService } from '../tags';
import { repointPageTags } from './page-tag-merge.queries';

/** When admins merge two tags, the pages of the one that goes carry the one that stays. */
@Injectable()
export class PageTagMerge implements OnModuleInit {
  constructor(private readonly tagsAdmin: TagsAdminService) {}

  onModuleInit() {
    this.tagsAdmin.registerReferenceHolder({
      name: 'page_tag',
      repoint: async (manager, fromId, intoId) => {
        await repointPageTags(manager, fromId, intoId);
        return { publicPosts: 0 };
      },
    });
  }
}
