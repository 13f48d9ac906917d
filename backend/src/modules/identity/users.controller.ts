import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { PermissionDto, UpdateUserSettingsDto, UserSettingsDto } from './dto/users.dto';
import { MembersService, PERMISSION_NAMES, type PermissionName } from './members.service';
import { UserSettingsService } from './user-settings.service';

const UUID_V4 = new ParseUUIDPipe({ version: '4' });

@ApiTags('users')
@Controller('api/iam/users')
export class UsersController {
  constructor(
    private readonly settings: UserSettingsService,
    private readonly members: MembersService,
  ) {}

  @Get('user-settings')
  @Access('authd-only')
  @ApiSuccess(UserSettingsDto)
  getSettings(@CurrentMember() member: Member) {
    return this.settings.get(member.userId);
  }

  @Put('update-user-settings')
  @Access('authd-only')
  @ApiSuccess(UserSettingsDto)
  @ApiFailures(400)
  updateSettings(@CurrentMember() member: Member, @Body() body: UpdateUserSettingsDto) {
    return this.settings.update(member.userId, body);
  }

  @Post('create-user-settings')
  @HttpCode(200)
  @Access('authd-only')
  @ApiSuccess(UserSettingsDto)
  createSettings(@CurrentMember() member: Member) {
    return this.settings.create(member.userId);
  }

  @Get(':uuid/permission/:name')
  @Access('authd-only')
  @ApiSuccess(PermissionDto)
  @ApiFailures(400, 403, 404)
  async permission(
    @CurrentMember() member: Member,
    @Param('uuid', UUID_V4) uuid: string,
    @Param('name') name: string,
  ) {
    if (!PERMISSION_NAMES.includes(name as PermissionName)) {
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'name', messages: [`name must be one of ${PERMISSION_NAMES.join(', ')}`] },
      ]);
    }
    return { permitted: await this.members.permission(member, uuid, name as PermissionName) };
  }
}
