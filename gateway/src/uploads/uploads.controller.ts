import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Public, SignedIn } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';
import { etagMatches } from '../http/request-facts';
import { RegisterImageDto } from './register-image.dto';
import { UploadsService } from './uploads.service';

/** The photo upload calls of spec section 7 under /api. */
@Controller('api')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** 429 past the caller's quota of uploads not registered yet, or their hourly rate. */
  @SignedIn()
  @Post('objects/upload')
  @HttpCode(200)
  async requestUploadUrl(@CurrentPrincipal() me: Principal): Promise<{ uploadURL: string }> {
    return { uploadURL: await this.uploads.createUploadUrl(me.userId) };
  }

  /** Only the user the upload URL was issued to may register it (anyone else: 404, as for an unknown one). */
  @SignedIn()
  @Put('products/images')
  registerImage(@CurrentPrincipal() me: Principal, @Body() body: RegisterImageDto, @Req() req: FastifyRequest): Promise<{ objectPath: string }> {
    return this.uploads.registerImage(body.imageURL, req.host, me.userId);
  }
}

/** Object bytes, outside /api: where the local driver's uploads go and where images are served. */
@Controller('objects')
export class ObjectsController {
  constructor(private readonly uploads: UploadsService) {}

  /** No session needed: the signed URL is the authorization. The body is raw file bytes, read here. */
  @Public()
  @Put('upload/:id')
  @HttpCode(200)
  async upload(
    @Param('id') id: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.uploads.receiveUpload(id, expires, signature, req.raw);
  }

  @Public()
  @Get('uploads/:id')
  async serve(@Param('id') id: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const image = await this.uploads.image(id);
    await sendImage(req, res, image, () => this.uploads.openImage(id));
  }

  /** The same image made small for lists (made on the first request, then kept): see thumbnail.ts. */
  @Public()
  @Get('uploads/:id/thumbnail')
  async thumbnail(@Param('id') id: string, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const info = await this.uploads.thumbnailInfo(id);
    // a fresh copy is answered before the thumbnail is read (or made)
    if (isFresh(req, res, info.etag)) return;
    const bytes = await this.uploads.thumbnail(id);
    await sendImage(req, res, { ...info, size: bytes.length }, () => Readable.from([bytes]));
  }
}

/** Caches may keep an object for good: an object id names one upload, and its thumbnail is made from it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Answers 304 when the browser holds `etag` already (with the headers a 304 carries). */
function isFresh(req: FastifyRequest, res: FastifyReply, etag: string): boolean {
  res.headers({ 'Cache-Control': IMMUTABLE, ETag: etag });
  if (!etagMatches(req.headers, etag)) return false;
  res.code(304).send();
  return true;
}

async function sendImage(
  req: FastifyRequest,
  res: FastifyReply,
  image: { contentType: string; size: number; etag: string },
  open: () => Promise<Readable> | Readable,
): Promise<void> {
  res.headers({ 'Content-Type': image.contentType, 'X-Content-Type-Options': 'nosniff' });
  if (isFresh(req, res, image.etag)) return;
  res.header('Content-Length', String(image.size));
  if (req.method === 'HEAD') {
    await res.send();
    return;
  }
  await res.send(await open());
}
