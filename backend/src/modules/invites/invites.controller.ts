import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import {
  AcceptedInviteDto,
  InviteDto,
  InvitePageDto,
  NewInviteDto,
  PublicInviteDto,
  UpdateInviteValidityDto,
} from './dto/invites.dto';
import { INVITES_RATE_LIMITS as LIMITS } from './invites.rate-limits';
import { InvitesService } from './invites.service';

/** Invites under /api/iam (spec section 7, "Forms and invites"; rules in InvitesService). */
@ApiTags('invites')
@Controller('api/iam')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post('invites/new')
  @Access('completed-regn')
  @RateLimit('invite-create', LIMITS['invite-create'])
  @ApiOperation({
    summary: 'Make an invite to the site, a page or an event (valid for 14 days)',
    description:
      'userId must be the caller. Site invites: trusted members and admins; page invites: the ' +
      'page’s owner; event invites: the event’s creator (admins may too). A site invite is ' +
      'used by one sign-up; a page or event invite by any number of members until it expires.',
  })
  @ApiSuccess(InviteDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  create(@CurrentMember() member: Member, @Body() body: NewInviteDto) {
    return this.invites.create(member, body);
  }

  @Put('users/invites/update-validity/:uuid')
  @Access('completed-regn')
  @RateLimit('invite-change', LIMITS['invite-change'])
  @ApiOperation({
    summary: 'Switch an invite off (is_valid false) or on again: its sender, or an admin (audited)',
  })
  @ApiSuccess(InviteDto)
  @ApiFailures(400, 403, 404)
  updateValidity(
    @CurrentMember() member: Member,
    @Param('uuid') uuid: string,
    @Body() body: UpdateInviteValidityDto,
  ) {
    if (body.uuid.toLowerCase() !== uuid.toLowerCase())
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'uuid', messages: ['uuid must be the invite’s uuid in the path'] },
      ]);
    return this.invites.updateValidity(member, uuid, body.is_valid);
  }

  @Get('invites/sent')
  @Access('completed-regn')
  @ApiOperation({ summary: 'The caller’s sent invites, newest first, with their status' })
  @ApiQuery({ name: 'cursorId', required: false, description: 'next_cursor of the page before' })
  @ApiSuccess(InvitePageDto)
  @ApiFailures(400)
  sent(@CurrentMember() member: Member, @Query('cursorId') cursorId: unknown) {
    return this.invites.sent(member, decodeCursor('created_at', cursorId));
  }

  @Get('invites/view/:uuid')
  @Access('none')
  @ApiOperation({
    summary: 'An invite as anyone with its link sees it (sender’s public name, what it is for)',
  })
  @ApiSuccess(PublicInviteDto)
  @ApiFailures(404)
  view(@Param('uuid') uuid: string) {
    return this.invites.publicView(uuid);
  }

  @Post('invites/accept/:uuid')
  @HttpCode(200)
  @Access('authd-only')
  @RateLimit('invite-accept', LIMITS['invite-accept'])
  @ApiOperation({
    summary: 'Accept a page or event invite: recorded once per member; answers where to go',
    description: 'A site invite is used by signing up with it (409 for a member).',
  })
  @ApiSuccess(AcceptedInviteDto)
  @ApiFailures(404, 409, 410)
  accept(@CurrentMember() member: Member, @Param('uuid') uuid: string) {
    return this.invites.accept(member, uuid);
  }
}
