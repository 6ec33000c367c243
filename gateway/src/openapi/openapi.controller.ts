import { Controller, Get, Injectable, Param, Res } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { AppError } from '@bakery/contracts';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { Public } from '../auth/access';
import { DOCS_FILES, DOCS_PAGE } from './docs-page';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** The document, built once from the application's controllers on first request. */
@Injectable()
export class OpenApiDocs {
  private app: INestApplication | undefined;
  private built: { document: OpenApiDocument; json: string } | undefined;

  /** The application the document describes (startGateway hands it over once it is created). */
  attach(app: INestApplication): void {
    this.app = app;
  }

  document(): OpenApiDocument {
    return this.build().document;
  }

  json(): string {
    return this.build().json;
  }

  private build() {
    if (!this.built) {
      if (!this.app) throw AppError.unavailable('The API description');
      const document = buildOpenApiDocument(this.app);
      this.built = { document, json: JSON.stringify(document) };
    }
    return this.built;
  }
}

/** The OpenAPI document and its browsable reference (Swagger UI, served from the gateway). */
@Public()
@Controller('api')
export class OpenApiController {
  constructor(private readonly docs: OpenApiDocs) {}

  @Get('openapi.json')
  document(@Res() res: FastifyReply): void {
    res.type('application/json; charset=utf-8').send(this.docs.json());
  }

  @Get('docs')
  page(@Res() res: FastifyReply): void {
    res.type('text/html; charset=utf-8').send(DOCS_PAGE);
  }

  /** Only the files DOCS_FILES names; they change with the package only, so browsers may keep them a day. */
  @Get('docs/:file')
  async file(@Param('file') name: string, @Res() res: FastifyReply): Promise<void> {
    const file = Object.hasOwn(DOCS_FILES, name) ? DOCS_FILES[name] : undefined;
    if (!file) throw AppError.notFound('No such file');
    const body = file.text ?? (await this.bytes(file.file!));
    res.header('Cache-Control', 'public, max-age=86400');
    res.type(file.contentType).send(body);
  }

  /** Each file read once (the largest, Swagger UI's bundle, is some 1.5 MB). */
  private readonly files = new Map<string, Promise<Buffer>>();
  private bytes(file: string): Promise<Buffer> {
    let read = this.files.get(file);
    if (!read) {
      read = readFile(file);
      this.files.set(file, read);
      read.catch(() => this.files.delete(file));
    }
    return read;
  }
}
