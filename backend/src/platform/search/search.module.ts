import { Global, Module } from '@nestjs/common';
import { SearchService } from './search.service';

/**
 * The search registry and its merge (SearchService). Global: every module that owns searchable
 * rows registers its provider with it at start-up; the search endpoints are identity's
 * (`/api/iam/search/...`, beside the handle namespace it owns).
 */
@Global()
@Module({ providers: [SearchService], exports: [SearchService] })
export class SearchModule {}
