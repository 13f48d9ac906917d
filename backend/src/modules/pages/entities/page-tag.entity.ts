import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Tag } from '../../tags';
import type { Page } from './page.entity';

/** A tag a page is about (connect-tags / disconnect-tags). */
@Entity('page_tag')
@Index('page_tag_tag_idx', ['tagId'])
export class PageTag {
  @PrimaryColumn('uuid')
  pageId: string;

  @PrimaryColumn('int')
  tagId: number;

  @ManyToOne('Page', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'page_id' })
  page?: Page;

  @ManyToOne('Tag', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id' })
  tag?: Tag;
}
