import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../../platform/audit/audit.module';
import { IdentityModule } from '../identity';
import { TagGroup } from './entities/tag-group.entity';
import { TagNamer } from './entities/tag-namer.entity';
import { Tag } from './entities/tag.entity';
import { UserTagInterest } from './entities/user-tag-interest.entity';
import { TagInterestsController } from './tag-interests.controller';
import { TagInterestsService } from './tag-interests.service';
import { TagsAdminController } from './tags-admin.controller';
import { TagsAdminService } from './tags-admin.service';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';
import { TagsSearch } from './tags-search';

/**
 * Tags, their hierarchy and groups, and members' interests in them. Other modules use
 * TagsService (a post's tags, post counts, followed tags); the post_tag table belongs to content.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([TagGroup, Tag, TagNamer, UserTagInterest]),
    IdentityModule,
    AuditModule,
  ],
  controllers: [TagsController, TagInterestsController, TagsAdminController],
  providers: [TagsService, TagInterestsService, TagsAdminService, TagsSearch],
  exports: [TagsService, TagsAdminService],
})
export class TagsModule {}
