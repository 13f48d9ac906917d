import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { UserSummaryDto } from './dto/profile.dto';
import { MembersService } from './members.service';

@ApiTags('users')
@Controller('api/user')
export class PublicUsersController {
  constructor(private readonly members: MembersService) {}

  @Get('get-user-by-uuid/:uuid')
  @Access('guest-or-authd')
  @ApiSuccess(UserSummaryDto)
  @ApiFailures(400, 404)
  getUser(@Param('uuid', new ParseUUIDPipe({ version: '4' })) uuid: string) {
    return this.members.publicSummary(uuid);
  }
}
