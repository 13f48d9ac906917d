import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { AuditLogViewService } from './audit-log-view.service';
import { AuditPageDto } from './dto/audit-log.dto';

@ApiTags('admin')
@Controller('api/iam/admin')
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogViewService) {}

  @Get('audit-log')
  @Access('admin-auth')
  @ApiOperation({ summary: 'What admins did, newest first: who, what, when, before and after' })
  @ApiQuery({ name: 'cursorId', required: false })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiQuery({ name: 'action', required: false, description: 'Only this action, e.g. user.update' })
  @ApiSuccess(AuditPageDto)
  @ApiFailures(400)
  list(
    @Query('cursorId') cursor?: unknown,
    @Query('take') take?: unknown,
    @Query('action') action?: unknown,
  ) {
    return this.auditLog.list(cursor, take, action);
  }
}
