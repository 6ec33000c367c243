import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CatalogPatterns, IssuedUpload, IssueUploadRequest, UploadRequest, UploadStatus } from '@bakery/contracts';
import { UploadsService } from './uploads.service';

/** The gateways' calls around a photo upload: issue an id, then check and register it for its owner. */
@Controller()
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @MessagePattern(CatalogPatterns.issueUpload)
  issue(@Payload() req: IssueUploadRequest): Promise<IssuedUpload> {
    return this.uploads.issue(req.ownerId, req.ttlSeconds);
  }

  @MessagePattern(CatalogPatterns.checkUpload)
  check(@Payload() req: UploadRequest): Promise<UploadStatus> {
    return this.uploads.check(req.id, req.ownerId);
  }

  @MessagePattern(CatalogPatterns.registerUpload)
  register(@Payload() req: UploadRequest): Promise<UploadStatus> {
    return this.uploads.register(req.id, req.ownerId);
  }
}
