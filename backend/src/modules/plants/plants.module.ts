import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content/content.module';
import { IdentityModule } from '../identity/identity.module';
import { Plant } from './entities/plant.entity';
import { PlantsController } from './plants.controller';
import { PlantsService } from './plants.service';
import { PublicPlantsController } from './public-plants.controller';

/** Plant listings: posts of type plant/image with their plant details, lists and counts. */
@Module({
  imports: [TypeOrmModule.forFeature([Plant]), ContentModule, IdentityModule],
  controllers: [PlantsController, PublicPlantsController],
  providers: [PlantsService],
})
export class PlantsModule {}
