import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ForgotPasswordAnswer,
  ForgotPasswordRequest,
  PasswordResetPatterns,
  type ResetPasswordAnswer,
  ResetPasswordRequest,
} from '@bakery/contracts';
import { PasswordLinksService } from './password-links.service';

@Controller()
export class PasswordLinksController {
  constructor(private readonly links: PasswordLinksService) {}

  @MessagePattern(PasswordResetPatterns.request)
  request(@Payload() req: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
    return this.links.request(req);
  }

  @MessagePattern(PasswordResetPatterns.complete)
  complete(@Payload() req: ResetPasswordRequest): Promise<ResetPasswordAnswer> {
    return this.links.complete(req);
  }
}
