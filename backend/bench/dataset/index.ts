/**
 * The deterministic dataset: the benchmark's (`npm run bench`), and a demo site's. A domain adds
 * its rows as a SeedStep (see seed-context.ts) appended to SEED_STEPS.
 */
export {
  counterMismatches,
  datasetCounts,
  SEED_STEPS,
  seedDataset,
  type SeedOptions,
} from './seed';
export { type SeedContext, type SeedStep, idOf, idSql } from './seed-context';
export {
  DATASET_EPOCH,
  DATASET_PASSWORD,
  DEMO_PASSWORD,
  DATASET_SIZES,
  datasetSize,
  type DatasetSize,
  type DatasetSizeName,
} from './sizes';
export {
  databaseUrlOn,
  datasetMarker,
  dropDatabase,
  ensureDatasetDatabase,
  type DatasetDatabase,
} from './database';
export { twelveMegapixelPhoto } from './images';
export { OLD_TAG, TAG_NAMES } from './steps/tags';
export { DEMO_LOGIN, demoEpoch, seedDemo, type DemoOutcome } from './demo';
