import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SearchService } from '../../platform/search/search.service';
import type { PostKind } from './post-kinds';
import { kindSearchSource, postsSearchSource } from './search.queries';

/** Registers posts with search: text/image posts as `posts`, and each kind that asks its group. */
@Injectable()
export class ContentSearch implements OnModuleInit {
  constructor(private readonly search: SearchService) {}

  onModuleInit() {
    this.search.register({ group: 'posts', idType: 'uuid', source: postsSearchSource });
  }

  registerKind(kind: PostKind): void {
    const search = kind.search;
    if (!search) return;
    this.search.register({
      group: search.group,
      idType: 'uuid',
      source: kindSearchSource({ type: kind.type, table: kind.table, search }),
    });
  }
}
