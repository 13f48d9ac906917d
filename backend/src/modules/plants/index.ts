/**
 * The plants module's public face: what other modules may import. Composition modules (profiles)
 * count a member's listings beside their posts with PLANT_COUNTS.
 */
export { PlantsModule } from './plants.module';
export { PLANT_COUNTS, type PlantView } from './plant-kind';
