import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type HandleOwnerType = 'user' | 'page';

/**
 * One namespace for every `/{handle}` URL: usernames and page handles. A row per handle makes
 * "taken" a primary-key conflict, whatever kind of owner holds it.
 */
@Entity('handle')
@Index('handle_owner_idx', ['ownerType', 'ownerId'])
export class Handle {
  /**
   * Lower-case. `handle_prefix_idx` (text_pattern_ops, migration 1795600000000-Search) serves
   * prefix lookups (`LIKE 'abc%'`), which the primary key's collation cannot.
   */
  @Index('handle_prefix_idx', { synchronize: false })
  @PrimaryColumn('text')
  handle: string;

  @Column('text')
  ownerType: HandleOwnerType;

  @Column('uuid')
  ownerId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
