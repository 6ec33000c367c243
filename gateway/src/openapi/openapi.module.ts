import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController, OpenApiDocs } from './openapi.controller';

/** GET /api/openapi.json and the reference at /api/docs (startGateway attaches the application to OpenApiDocs). */
@Module({
  imports: [DiscoveryModule],
  controllers: [OpenApiController],
  providers: [OpenApiDocs],
  exports: [OpenApiDocs],
})
export class OpenApiModule {}
