import { BadRequestException, NotFoundException } from '@nestjs/common';
import { AppError, ErrorCode } from '@bakery/contracts';
import { capFieldErrors, toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it('keeps a service error’s status, code, message and field messages', () => {
    const err = AppError.validation({ email: ['Please enter a valid email'] });
    expect(toErrorResponse(err)).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email',
      errors: { email: ['Please enter a valid email'] },
    });
    expect(toErrorResponse(AppError.conflict('Email already registered'))).toEqual({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Email already registered',
    });
    expect(toErrorResponse(AppError.unavailable('The catalog service'))).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
  });

  it('translates Nest HTTP exceptions', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/x'))).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Cannot GET /api/x',
    });
    expect(toErrorResponse(new BadRequestException(['first problem', 'second']))).toMatchObject({
      statusCode: 400,
      message: 'first problem',
    });
  });

  it('translates body-parser errors', () => {
    expect(toErrorResponse({ status: 413, type: 'entity.too.large' })).toMatchObject({ statusCode: 413, code: ErrorCode.PayloadTooLarge });
    expect(toErrorResponse({ status: 400, type: 'entity.parse.failed' })).toMatchObject({ statusCode: 400, code: ErrorCode.ValidationFailed });
  });

  it('hides anything unexpected behind a bare 500', () => {
    const body = toErrorResponse(new Error('relation "users" does not exist at /srv/app.js:12'));
    expect(body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' });
  });
});

describe('capFieldErrors', () => {
  it('answers at most 20 fields with at most 3 messages each', () => {
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`f${i}`, ['a', 'b', 'c', 'd']]));
    const body = toErrorResponse(AppError.validation(fields));
    expect(Object.keys(body.errors!)).toEqual(Array.from({ length: 20 }, (_, i) => `f${i}`));
    expect(body.errors!.f0).toEqual(['a', 'b', 'c']);
    expect(capFieldErrors({ only: ['x'] })).toEqual({ only: ['x'] });
  });
});
