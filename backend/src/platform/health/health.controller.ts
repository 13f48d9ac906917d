import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../access/access.decorator';
import { PlatformErrors } from '../http/platform.errors';
import { ApiFailures, ApiSuccess } from '../openapi/api-envelope.decorators';
import { HealthDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @Access('none')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Whether the API can reach PostgreSQL and Redis (503 when either is down)',
  })
  @ApiSuccess(HealthDto)
  @ApiFailures(503)
  async getHealth(): Promise<HealthDto> {
    const report = await this.health.check();
    if (report.status !== 'ok') throw PlatformErrors.SERVICE_UNAVAILABLE(report);
    return report;
  }
}
