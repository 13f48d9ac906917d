import { Global, Module } from '@nestjs/common';
import { SearchService } from './search.service';

/**
 * The search registry and its merge (SearchService). Global: every module that owns searchable
 * rows registers its provider with it at start-up; the search endpoints are the `search`
 * module's (modules/search).
 */
@Global()
@Module({ providers: [SearchService], exports: [SearchService] })
export class SearchRegistryModule {}
