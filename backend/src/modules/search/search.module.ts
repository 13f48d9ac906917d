import { Module } from '@nestjs/common';
import { ContentModule } from '../content';
import { EventsModule } from '../events';
import { IdentityModule } from '../identity';
import { PagesModule } from '../pages';
import { PlantsModule } from '../plants';
import { TagsModule } from '../tags';
import { SearchController } from './search.controller';
import { SiteSearchService } from './search.service';

/**
 * `/api/iam/search/...`: owns no table. Each module below registers its own group with the
 * platform's search registry (platform/search) at start-up; they are imported here so that every
 * group is registered wherever this module runs. Identity answers the handle prefix lookups.
 */
@Module({
  imports: [IdentityModule, TagsModule, ContentModule, PlantsModule, PagesModule, EventsModule],
  controllers: [SearchController],
  providers: [SiteSearchService],
})
export class SearchModule {}
