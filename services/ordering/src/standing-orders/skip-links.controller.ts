import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type SkipLinkDelivery, SkipLinkPatterns, SkipLinkRequest } from '@bakery/contracts';
import { StandingPreviews } from './standing-previews';

/** The one-click skip links of standing-order previews (issue 20); no caller: the token is the permission. */
@Controller()
export class SkipLinksController {
  constructor(private readonly previews: StandingPreviews) {}

  @MessagePattern(SkipLinkPatterns.check)
  check(@Payload() req: SkipLinkRequest): Promise<SkipLinkDelivery> {
    return this.previews.check(req.token);
  }

  @MessagePattern(SkipLinkPatterns.use)
  use(@Payload() req: SkipLinkRequest): Promise<SkipLinkDelivery> {
    return this.previews.use(req.token);
  }
}
