import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthPatterns, type ChangePasswordAnswer, ChangePasswordRequest } from '@bakery/contracts';
import { PasswordChangeService } from './password-change.service';

@Controller()
export class PasswordChangeController {
  constructor(private readonly passwords: PasswordChangeService) {}

  @MessagePattern(AuthPatterns.changePassword)
  change(@Payload() req: ChangePasswordRequest): Promise<ChangePasswordAnswer> {
    return this.passwords.change(req);
  }
}
