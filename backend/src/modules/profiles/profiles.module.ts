import { Module } from '@nestjs/common';
import { ContentModule } from '../content';
import { IdentityModule } from '../identity';
import { PagesModule } from '../pages';
import { PlantsModule } from '../plants';
import { PeopleController } from './people.controller';
import { PeopleService } from './people.service';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/**
 * Profiles compose the modules below them and own no table: `/{handle}` resolved to a member (or,
 * when pages land, a page), their counts; the people directory and nearby people and pages come
 * here too. PlantsModule is imported for its post kind: the counts filter on it.
 */
@Module({
  imports: [IdentityModule, ContentModule, PlantsModule, PagesModule],
  controllers: [ProfilesController, PeopleController],
  providers: [ProfilesService, PeopleService],
})
export class ProfilesModule {}
