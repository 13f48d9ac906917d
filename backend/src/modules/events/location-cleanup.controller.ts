import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { CleanupRunDto } from './dto/location-cleanup.dto';
import { LocationCleanupService } from './location-cleanup.service';

/** The admins' cleanups of event places (events owns `event_location`), run as jobs. */
@ApiTags('admin')
@Controller('api/iam/admin')
export class LocationCleanupController {
  constructor(private readonly cleanup: LocationCleanupService) {}

  @Delete('location-duplicates')
  @HttpCode(202)
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'Queue the merge of duplicate places (same name and state, or same address): references move to the oldest, then the others go',
  })
  @ApiSuccess(CleanupRunDto, { status: 202 })
  mergeDuplicates(@CurrentMember() admin: Member) {
    return this.cleanup.start(admin, 'merge-duplicate-locations');
  }

  @Delete('orphaned-locations')
  @HttpCode(202)
  @Access('admin-auth')
  @ApiOperation({
    summary: 'Queue the removal of places no event or event date uses (made over an hour ago)',
  })
  @ApiSuccess(CleanupRunDto, { status: 202 })
  removeOrphans(@CurrentMember() admin: Member) {
    return this.cleanup.start(admin, 'remove-orphaned-locations');
  }

  @Get('cleanup-jobs')
  @Access('admin-auth')
  @ApiOperation({ summary: 'The latest location cleanup runs, newest first' })
  @ApiSuccess([CleanupRunDto])
  recent() {
    return this.cleanup.recentRuns();
  }

  @Get('cleanup-jobs/:id')
  @Access('admin-auth')
  @ApiOperation({ summary: 'One location cleanup run: its state and progress' })
  @ApiSuccess(CleanupRunDto)
  @ApiFailures(404)
  run(@Param('id') id: string) {
    return this.cleanup.run(id);
  }
}
