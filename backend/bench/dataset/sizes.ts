/**
 * The dataset sizes. Every count is a target: reactions and comments per post follow a skewed,
 * deterministic distribution whose mean gives about these totals (the seed prints the real ones).
 */
export interface DatasetSize {
  name: string;
  members: number;
  /** Extra accounts the benchmark signs in as to write (react, comment, post); none seeded. */
  benchMembers: number;
  posts: number;
  /** Mean reactions per post (each by a different member). */
  reactionsPerPost: number;
  /** Mean comments per post (about a third of them replies). */
  commentsPerPost: number;
  /** Seconds between consecutive posts, newest first from the dataset's epoch. */
  postSpacingSeconds: number;
  /**
   * Registered members with no place, posts or conversations (`reader_<n>`, steps/messaging.ts):
   * they bring the audience of a site announcement's fan-out to 10,000 where `members` is smaller.
   */
  audienceMembers?: number;
  /**
   * The demo site's slice (`npm start -- --demo`): friendly handles and suburbs, natural post text,
   * drawn plant photos with ready upload rows. Absent: the benchmark's plain rows.
   */
  demo?: boolean;
}

export const DATASET_SIZES = {
  demo: {
    name: 'demo',
    members: 30,
    benchMembers: 0,
    posts: 120,
    reactionsPerPost: 4,
    commentsPerPost: 1.2,
    postSpacingSeconds: 3 * 3600,
    demo: true,
  },
  tiny: {
    name: 'tiny',
    members: 60,
    benchMembers: 200,
    posts: 600,
    reactionsPerPost: 3,
    commentsPerPost: 0.5,
    postSpacingSeconds: 600,
  },
  small: {
    name: 'small',
    members: 2_000,
    benchMembers: 400,
    posts: 20_000,
    reactionsPerPost: 3,
    commentsPerPost: 0.5,
    postSpacingSeconds: 120,
    audienceMembers: 7_600,
  },
  large: {
    name: 'large',
    members: 100_000,
    benchMembers: 2_000,
    posts: 1_000_000,
    reactionsPerPost: 3,
    commentsPerPost: 0.5,
    postSpacingSeconds: 30,
  },
} satisfies Record<string, DatasetSize>;

export type DatasetSizeName = keyof typeof DATASET_SIZES;

export function datasetSize(name: string): DatasetSize {
  const size = (DATASET_SIZES as Record<string, DatasetSize>)[name];
  if (!size)
    throw new Error(`Unknown dataset size "${name}" (${Object.keys(DATASET_SIZES).join(', ')})`);
  return size;
}

/** The newest seeded post is this old: later writes (the bench's, a demo's) sort above it. */
export const DATASET_EPOCH = '2025-06-01T12:00:00Z';

/** Everyone seeded and every bench member has this password (hashed once, argon2id as the app does). */
export const DATASET_PASSWORD = 'plantfolk-bench-password';

/** The demo site's members' password (printed by `npm start -- --demo`). */
export const DEMO_PASSWORD = 'plantfolk-demo';

/**
 * Bumped whenever a step writes different rows: a cached dataset whose marker names another
 * version (or another migration list) is seeded again.
 */
export const DATASET_VERSION = 6;
