import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentViewer } from '../../platform/access/current-viewer.decorator';
import type { Viewer } from '../../platform/access/viewer';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { CountsDto, UserOrPageBasicDto } from './dto/profiles.dto';
import { ProfilesService } from './profiles.service';

/**
 * Profile reads under the spec's /api/iam/posts paths. Their tag and operation ids are the ones
 * the published API document gave them when plants served them; clients are generated from it.
 */
@ApiTags('plants')
@Controller('api/iam/posts')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('user-or-page-basic/:handle')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A member (with their counts) or a page, by handle',
    operationId: 'Plants_userOrPageBasic',
  })
  @ApiSuccess(UserOrPageBasicDto)
  @ApiFailures(404)
  userOrPageBasic(@CurrentViewer() viewer: Viewer, @Param('handle') handle: string) {
    return this.profiles.userOrPageBasic(viewer, handle);
  }

  @Get('usercounts/byuser/:id')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'A member’s counts, as the caller may see them',
    operationId: 'Plants_counts',
  })
  @ApiSuccess(CountsDto)
  @ApiFailures(400)
  counts(@CurrentViewer() viewer: Viewer, @Param('id') id: string) {
    return this.profiles.counts(viewer, id);
  }
}
