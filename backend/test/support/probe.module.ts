import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';
import { Access } from '../../src/platform/access/access.decorator';
import { WithResponders } from '../../src/platform/http/envelope';

export class ProbeDto {
  @IsString()
  @MaxLength(5)
  name: string;
}

/** Test-only routes that exercise the HTTP platform (mounted only by tests). */
@Controller('api/test-probe')
export class ProbeController {
  @Post('echo')
  @Access('none')
  echo(@Body() body: ProbeDto) {
    return { received: body.name };
  }

  @Get('boom')
  @Access('none')
  boom(): never {
    throw new Error('relation "secret_table" does not exist at /srv/app/dist/main.js:1');
  }

  @Get('responders')
  @Access('guest-or-authd')
  responders() {
    return new WithResponders([{ id: 1 }], [{ uuid: 'u-1', username: 'fern' }]);
  }

  @Get('members')
  @Access('authd-only')
  members() {
    return 'members only';
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
