import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

/** Longest announcement text. */
export const ANNOUNCEMENT_MAX = 1000;

/** A site announcement an admin sent to every member (type `immutable` notifications). */
@Entity('announcement')
export class Announcement {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  body: string;

  /** The admin who sent it; kept when they leave. */
  @Column('uuid', { nullable: true })
  authorId: string | null;

  @ManyToOne('UserAccount', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author?: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
