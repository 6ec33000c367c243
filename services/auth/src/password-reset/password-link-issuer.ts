import { Injectable } from '@nestjs/common';
import { AuthEvents, type PasswordLinkIssuedEvent, type PasswordLinkPurpose } from '@bakery/contracts';
import type { EventTransaction } from '@bakery/event-bus';
import { newPasswordToken, passwordLinkExpiry, passwordTokenHash } from '../domain/password-links';

/** Whom a link is for (an active account). */
export interface LinkOwner {
  id: string;
  email: string;
  firstName: string | null;
}

/**
 * Issues a password link in the caller's transaction: the token's hash in `password_tokens` and
 * `password-link.issued` (with the token, for the email) in the outbox, together or not at all.
 * Used by "forgot password" and by the activation of an admin-created customer (the welcome link).
 */
@Injectable()
export class PasswordLinkIssuer {
  async issueIn(tx: EventTransaction, owner: LinkOwner, purpose: PasswordLinkPurpose): Promise<void> {
    const token = newPasswordToken();
    const expiresAt = passwordLinkExpiry(purpose, new Date());
    await tx.manager.query(`INSERT INTO password_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)`, [
      passwordTokenHash(token),
      owner.id,
      purpose,
      expiresAt,
    ]);
    const event: PasswordLinkIssuedEvent = {
      userId: owner.id,
      email: owner.email,
      token,
      purpose,
      expiresAt: expiresAt.toISOString(),
      firstName: owner.firstName,
    };
    await tx.publish(AuthEvents.passwordLinkIssued, event);
  }
}
