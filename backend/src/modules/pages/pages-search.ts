import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SearchService } from '../../platform/search/search.service';
import { pagesSearchSource } from './pages.queries';

/** Pages in search. */
@Injectable()
export class PagesSearch implements OnModuleInit {
  constructor(private readonly search: SearchService) {}

  onModuleInit() {
    this.search.register({ group: 'pages', idType: 'uuid', source: pagesSearchSource });
  }
}
