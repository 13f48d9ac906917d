import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { UserAccount } from '../../identity';
import { Tag } from './tag.entity';

/**
 * A member who named a tag: made it (POST tags/new) or put it on a post of theirs, the first time
 * or after others. A tag that is not in public use is listed to the members who named it, each of
 * whom knows it already (tag-visibility.ts).
 */
@Entity('tag_namer')
@Index('tag_namer_user_idx', ['userId'])
export class TagNamer {
  @PrimaryColumn('int')
  tagId: number;

  @PrimaryColumn('uuid')
  userId: string;

  @ManyToOne(() => Tag, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
