import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

/** Longest message, in characters (code points). The spec names no bound. */
export const MESSAGE_MAX = 2000;

/** One message: plain text (clients show it as text, with links made clickable). */
@Entity('message')
@Index('message_conversation_idx', ['conversationId', 'createdAt', 'id'])
@Index('message_sender_idx', ['senderId'])
@Check('message_body_chk', `char_length(body) BETWEEN 1 AND ${MESSAGE_MAX}`)
export class Message {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  conversationId: string;

  @ManyToOne('Conversation', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: unknown;

  /** The member who wrote it (a page's owner, for a message written as the page). */
  @Column('uuid')
  senderId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sender_id' })
  sender?: unknown;

  /** Written by the page's owner as the page (u2p). */
  @Column('boolean', { default: false })
  asPage: boolean;

  @Column('text')
  body: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
