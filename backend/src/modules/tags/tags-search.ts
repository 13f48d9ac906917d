import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SearchService } from '../../platform/search/search.service';
import { tagsSearchSource } from './tags.queries';

/** Tags in search: the tags the catalogue lists to the caller (tag-visibility.ts). */
@Injectable()
export class TagsSearch implements OnModuleInit {
  constructor(private readonly search: SearchService) {}

  onModuleInit() {
    this.search.register({ group: 'tags', idType: 'int', source: tagsSearchSource });
  }
}
