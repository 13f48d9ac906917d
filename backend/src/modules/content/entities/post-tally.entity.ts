import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PostPrivacy, PostType } from './post.entity';

/**
 * The number of posts of each type and privacy, so the site's counts on the guests' feed are a
 * read of a few rows, not a count over `post`. Triggers on `post` keep it exact in the writing
 * transaction (migration PostTallyAndTagFeed): inserts and deletes by statement (a cascade that
 * deletes a member's posts moves each tally once), a change of type or privacy by row. Each
 * (type, privacy) is split into slots, the writer's slot chosen by its backend, so concurrent
 * writers rarely wait for each other’s tally row; a read sums the slots (a slot alone may be
 * negative: a post counted in one slot may be uncounted in another).
 */
@Entity('post_tally')
export class PostTally {
  @PrimaryColumn('text', { primaryKeyConstraintName: 'post_tally_pkey' })
  type: PostType;

  @PrimaryColumn('text', { primaryKeyConstraintName: 'post_tally_pkey' })
  privacy: PostPrivacy;

  @PrimaryColumn('smallint', { primaryKeyConstraintName: 'post_tally_pkey' })
  slot: number;

  @Column('bigint', { default: 0 })
  posts: string;
}
