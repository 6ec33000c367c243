import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListMailRequest, type MailPage, MailPatterns } from '@bakery/contracts';
import { MailOutbox } from './mail-outbox';

@Controller()
export class MailController {
  constructor(private readonly outbox: MailOutbox) {}

  /** The admins' view of the mail (GET /api/admin/mail): newest first, one status or all. */
  @MessagePattern(MailPatterns.list)
  list(@Payload() req: ListMailRequest): Promise<MailPage> {
    return this.outbox.list(req);
  }
}
