import { Injectable, type OnModuleInit } from '@nestjs/common';
import { SearchService } from '../../platform/search/search.service';
import { eventsSearchSource } from './events.queries';

/** Events in search. */
@Injectable()
export class EventsSearch implements OnModuleInit {
  constructor(private readonly search: SearchService) {}

  onModuleInit() {
    this.search.register({ group: 'events', idType: 'uuid', source: eventsSearchSource });
  }
}
