import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content';
import { IdentityModule } from '../identity';
import { Plant } from './entities/plant.entity';
import { PlantsController } from './plants.controller';
import { PlantsService } from './plants.service';
import { PublicPlantsController } from './public-plants.controller';

/**
 * Plant listings: posts of type plant/image (a post kind registered with content) with their plant
 * details, and their lists.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Plant]), ContentModule, IdentityModule],
  controllers: [PlantsController, PublicPlantsController],
  providers: [PlantsService],
})
export class PlantsModule {}
