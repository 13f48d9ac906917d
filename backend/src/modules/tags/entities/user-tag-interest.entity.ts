import {
  Check,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import type { UserAccount } from '../../identity';
import { Tag } from './tag.entity';

export const INTEREST_TYPES = ['follow', 'grow', 'want'] as const;
export type InterestType = (typeof INTEREST_TYPES)[number];

/** A member's interest in a tag; one row per (member, tag, interest type). */
@Entity('user_tag_interest')
@Index('user_tag_interest_tag_idx', ['tagId'])
@Check('user_tag_interest_type_chk', "interest_type IN ('follow', 'grow', 'want')")
export class UserTagInterest {
  @PrimaryColumn('uuid')
  userId: string;

  @PrimaryColumn('int')
  tagId: number;

  @PrimaryColumn('text')
  interestType: InterestType;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @ManyToOne(() => Tag, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
