import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { AdminOverviewService } from './admin-overview.service';
import { AdminOverviewDto } from './dto/overview.dto';

@ApiTags('admin')
@Controller('api/iam/admin')
export class AdminOverviewController {
  constructor(private readonly overview: AdminOverviewService) {}

  @Get('overview')
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'The /admin screen in one call: counts (estimated when large), queue health, recent audit',
  })
  @ApiSuccess(AdminOverviewDto)
  get() {
    return this.overview.overview();
  }
}
