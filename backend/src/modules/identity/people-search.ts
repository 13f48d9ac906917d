import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SearchService } from '../../platform/search/search.service';
import { peopleSearchSource } from './search.queries';

/** People in search: registered members who are not suspended, as the directory lists them. */
@Injectable()
export class PeopleSearch implements OnModuleInit {
  constructor(private readonly search: SearchService) {}

  onModuleInit() {
    this.search.register({ group: 'people', idType: 'uuid', source: peopleSearchSource });
  }
}
