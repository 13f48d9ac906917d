import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { AppConfig } from '../../platform/config/app-config';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { AccountDeletionService } from './account-deletion.service';
import { AuthFlowService } from './auth-flow.service';
import { DeletedDto, OpsPassDto, PurgedDto, RevokedDto } from './dto/results.dto';
import {
  AdminSessionDto,
  AdminUserDto,
  AdminUserPageDto,
  UpdateMemberRolesDto,
} from './dto/users.dto';
import { setOpsCookie } from './http-client';
import { IdentityErrors } from './identity.errors';
import { ADMIN_MEMBER_LISTS, ADMIN_SEARCH_MAX, MembersService } from './members.service';

const UUID_V4 = new ParseUUIDPipe({ version: '4' });

/** What admins do to accounts and sessions. */
@ApiTags('admin')
@Controller('api/iam')
export class MembersAdminController {
  constructor(
    private readonly config: AppConfig,
    private readonly members: MembersService,
    private readonly deletion: AccountDeletionService,
    private readonly flow: AuthFlowService,
  ) {}

  @Get('users/all/:x')
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'Members, newest first: the registered ones (complete profiles) or those who have not finished registering (incomplete)',
  })
  @ApiParam({ name: 'x', enum: ADMIN_MEMBER_LISTS })
  @ApiQuery({
    name: 'q',
    required: false,
    description: `Keeps members whose username, display name or e-mail contains this text, any case (at most ${ADMIN_SEARCH_MAX} characters)`,
  })
  @ApiQuery({ name: 'cursorId', required: false })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(AdminUserPageDto)
  @ApiFailures(400)
  listMembers(
    @Param('x') list: string,
    @Query('q') search?: unknown,
    @Query('cursorId') cursor?: string,
    @Query('take') take?: string,
  ) {
    return this.members.adminList(
      list,
      search,
      decodeCursor('created_at', cursor),
      parseTake(take),
    );
  }

  @Get('admin/users-without-location')
  @Access('admin-auth')
  @ApiOperation({
    summary: 'Accounts without a location (registered or not), newest first',
  })
  @ApiQuery({ name: 'cursorId', required: false })
  @ApiQuery({ name: 'take', required: false, description: 'Page size, 1–50 (default 20)' })
  @ApiSuccess(AdminUserPageDto)
  @ApiFailures(400)
  usersWithoutLocation(@Query('cursorId') cursor?: string, @Query('take') take?: string) {
    return this.members.withoutLocation(decodeCursor('created_at', cursor), parseTake(take));
  }

  @Put('users/:uuid')
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'Grant or withdraw trust, the admin role or the ops permission; suspend or reinstate a member (the last active admin stays)',
  })
  @ApiSuccess(AdminUserDto)
  @ApiFailures(400, 404, 409)
  updateMember(
    @CurrentMember() admin: Member,
    @Param('uuid', UUID_V4) uuid: string,
    @Body() body: UpdateMemberRolesDto,
  ) {
    return this.members.updateRoles(admin.userId, uuid, body);
  }

  @Delete('users/:uuid')
  @Access('admin-auth')
  @ApiOperation({ summary: 'Delete a member (same steps as deleting one’s own account)' })
  @ApiSuccess(DeletedDto)
  @ApiFailures(400, 404, 409)
  async deleteMember(@CurrentMember() admin: Member, @Param('uuid', UUID_V4) uuid: string) {
    if (uuid === admin.userId) throw IdentityErrors.CANNOT_CHANGE_SELF();
    await this.deletion.deleteAccount(uuid, admin.userId);
    return { deleted: true };
  }

  @Get('refresh-tokens')
  @Access('admin-auth')
  @ApiOperation({ summary: 'Sessions (refresh-token chains), newest first' })
  @ApiSuccess([AdminSessionDto])
  listSessions() {
    return this.members.listSessions();
  }

  @Delete('refresh-tokens')
  @Access('admin-auth')
  @ApiOperation({ summary: 'Remove ended sessions (expired, or revoked over 30 days ago)' })
  @ApiSuccess(PurgedDto)
  async purgeSessions(@CurrentMember() admin: Member) {
    return { deleted: await this.members.adminPurgeEndedSessions(admin.userId) };
  }

  @Delete('refresh-tokens/:id')
  @Access('admin-auth')
  @ApiOperation({ summary: 'End a session' })
  @ApiSuccess(RevokedDto)
  @ApiFailures(404)
  async revokeSession(@CurrentMember() admin: Member, @Param('id', UUID_V4) id: string) {
    await this.members.adminRevokeSession(admin.userId, id);
    return { revoked: true };
  }

  @Post('admin/queue-dashboard-session')
  @HttpCode(200)
  @Access('ops-or-admin')
  @ApiOperation({
    summary:
      'Set the one-hour cookie that opens the queue dashboard at /admin/queues (operators: read-only)',
  })
  @ApiSuccess(OpsPassDto)
  async openQueueDashboard(
    @CurrentMember() admin: Member,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const pass = await this.flow.opsPass(admin.userId, admin.sessionId);
    setOpsCookie(reply, pass.token, pass.expiresIn, this.config);
    return { url: '/admin/queues' };
  }
}
