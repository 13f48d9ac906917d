import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Page } from './page.entity';

/** A page's settings: one row per page, made with the page (or by create-page-settings). */
@Entity('page_settings')
export class PageSettings {
  @PrimaryColumn('uuid')
  pageId: string;

  @OneToOne('Page', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: Page;

  /** Whether members may message the page (messaging comes later; the owner decides now). */
  @Column('boolean', { default: true })
  allowMessages: boolean;

  /** Whether the page's screen lists its upcoming events. */
  @Column('boolean', { default: true })
  showUpcomingEvents: boolean;

  /** Whether the page's screen shows its town (never more precisely than its public point). */
  @Column('boolean', { default: true })
  showLocation: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
