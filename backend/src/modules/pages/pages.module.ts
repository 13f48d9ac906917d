import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content';
import { IdentityModule } from '../identity';
import { TagsModule } from '../tags';
import { Page } from './entities/page.entity';
import { PageSettings } from './entities/page-settings.entity';
import { PageTag } from './entities/page-tag.entity';
import { PageEmailsController } from './page-emails.controller';
import { PageTagMerge } from './page-tag-merge';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';
import { PublicPagesController } from './public-pages.controller';
import { PagesSearch } from './pages-search';

/**
 * Pages: group and organisation profiles with a handle, their settings, tags and posts. Content
 * learns through a registered directory who may post as a page; events (above) through
 * PagesService who manages one, and registers how a page's events are counted.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Page, PageSettings, PageTag]),
    IdentityModule,
    TagsModule,
    ContentModule,
  ],
  controllers: [PagesController, PublicPagesController, PageEmailsController],
  providers: [PagesService, PageTagMerge, PagesSearch],
  exports: [PagesService],
})
export class PagesModule {}
