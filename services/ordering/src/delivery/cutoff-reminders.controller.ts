import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CutoffReminderPatterns, type ReminderCandidates, ReminderCandidatesRequest } from '@bakery/contracts';
import { CutoffRemindersService } from './cutoff-reminders.service';

@Controller()
export class CutoffRemindersController {
  constructor(private readonly reminders: CutoffRemindersService) {}

  @MessagePattern(CutoffReminderPatterns.candidates)
  candidates(@Payload() req: ReminderCandidatesRequest): Promise<ReminderCandidates> {
    return this.reminders.candidates(req);
  }
}
