import { Controller, Get, Headers, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../access/access.decorator';
import { RawResponse } from '../http/raw-response.decorator';
import { StorageService } from './storage.service';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Public images: `GET /storage/v1/object/public/images/{ref}`, where ref may contain `/`. */
@Controller('storage/v1/object/public/images')
export class StorageController {
  constructor(private readonly storage: StorageService) {}

  @Get('*')
  @Access('none')
  @RawResponse()
  @ApiExcludeEndpoint()
  async serveImage(
    @Req() request: FastifyRequest<{ Params: { '*': string } }>,
    @Res() reply: FastifyReply,
    @Headers('if-none-match') ifNoneMatch?: string,
  ) {
    const object = await this.storage.read(request.params['*']);
    // Refs are random and never reused, so an image can be cached for good.
    reply
      .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('etag', object.etag)
      .header('last-modified', object.lastModified.toUTCString())
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin');
    if (ifNoneMatch && ifNoneMatch === object.etag) {
      object.body.destroy();
      return reply.status(304).send();
    }
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .send(object.body);
  }
}
