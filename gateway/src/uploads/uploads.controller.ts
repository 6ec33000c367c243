import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Public, SignedIn } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';
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
  registerImage(@CurrentPrincipal() me: Principal, @Body() body: RegisterImageDto, @Req() req: Request): Promise<{ objectPath: string }> {
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
    @Req() req: Request,
  ): Promise<void> {
    await this.uploads.receiveUpload(id, expires, signature, req);
  }

  @Public()
  @Get('uploads/:id')
  async serve(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const image = await this.uploads.image(id);
    res.set({
      'Content-Type': image.contentType,
      'Content-Length': String(image.size),
      // an object id names one upload for good, so caches may keep it for good
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ETag: image.etag,
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = await this.uploads.openImage(id);
    try {
      await pipeline(body, res);
    } catch (err) {
      // once bytes went out the connection is all there is to close, and pipeline closed it
      if (!res.headersSent) throw err;
    }
  }
}
