import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MailPreferencePatterns, type MailPreferences, MailPreferencesRequest, UpdateMailPreferencesRequest } from '@bakery/contracts';
import { MailPreferencesStore } from './mail-preferences';

@Controller()
export class MailPreferencesController {
  constructor(private readonly preferences: MailPreferencesStore) {}

  @MessagePattern(MailPreferencePatterns.get)
  get(@Payload() req: MailPreferencesRequest): Promise<MailPreferences> {
    return this.preferences.get(req.customerId);
  }

  @MessagePattern(MailPreferencePatterns.update)
  update(@Payload() req: UpdateMailPreferencesRequest): Promise<MailPreferences> {
    return this.preferences.update(req);
  }
}
