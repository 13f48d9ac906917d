import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Caller } from '../../platform/access/access-policy';
import { Access } from '../../platform/access/access.decorator';
import {
  CurrentCaller,
  CurrentMember,
  type Member,
} from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { decodeCursor } from '../../platform/paging/paging';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import {
  FormEntryDto,
  FormEntryPageDto,
  FormEntryReceiptDto,
  FormHandledDto,
  FormRulesDto,
  NewFormEntryDto,
} from './dto/forms.dto';
import { FORMS_RATE_LIMITS as LIMITS } from './forms.rate-limits';
import { FormsService } from './forms.service';

/** Contact and feedback forms under /api/iam (spec section 7, "Forms and invites"). */
@ApiTags('forms')
@Controller('api/iam')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  @Get('forms/validate')
  @Access('guest-or-authd')
  @ApiOperation({
    summary: 'The contact/feedback form’s rules for this caller, and a form token to send it with',
    description:
      'kinds and length bounds; whether a reply address is required (guests); form_token, ' +
      'which POST forms/new requires between 3 s and 2 h later.',
  })
  @ApiSuccess(FormRulesDto)
  validate(@CurrentCaller() caller: Caller) {
    return this.forms.rules(caller);
  }

  @Post('forms/new')
  @Access('guest-or-authd')
  @RateLimit('form-new', LIMITS['form-new'])
  @ApiOperation({
    summary: 'Send a contact or feedback entry (members and guests; guests leave replyEmail)',
  })
  @ApiSuccess(FormEntryReceiptDto, { status: 201 })
  @ApiFailures(400, 429)
  submit(@CurrentCaller() caller: Caller, @Body() body: NewFormEntryDto) {
    return this.forms.submit(caller, body);
  }

  @Get('admin/forms')
  @Access('admin-auth')
  @ApiOperation({ summary: 'Contact and feedback entries, newest first (admins)' })
  @ApiQuery({ name: 'cursorId', required: false, description: 'next_cursor of the page before' })
  @ApiSuccess(FormEntryPageDto)
  @ApiFailures(400)
  list(@Query('cursorId') cursorId: unknown) {
    return this.forms.list(decodeCursor('created_at', cursorId));
  }

  @Put('admin/forms/:id/handled')
  @Access('admin-auth')
  @RateLimit('form-handle', LIMITS['form-handle'])
  @ApiOperation({ summary: 'Mark an entry handled, or open again (admins; audited)' })
  @ApiSuccess(FormEntryDto)
  @ApiFailures(400, 404)
  markHandled(
    @CurrentMember() admin: Member,
    @Param('id') id: string,
    @Body() body: FormHandledDto,
  ) {
    return this.forms.markHandled(admin, id, body.handled);
  }
}
