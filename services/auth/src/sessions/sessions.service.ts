import { randomBytes } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AppError,
  AuthBroadcasts,
  CheckSessionResponse,
  LoginRequest,
  LoginResponse,
  Messages,
  Role,
  SessionInfo,
  SessionRevokedBroadcast,
} from '@bakery/contracts';
import { publishBroadcast, type Logger, ServiceConfig } from '@bakery/platform';
import { NATS_CONNECTION, SERVICE_CONFIG, SERVICE_LOGGER } from '@bakery/service-kit';
import type { NatsConnection } from 'nats';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import {
  AttemptLimitPolicy,
  failureCountsAgainstAddress,
  limitKeys,
  limitMessages,
  signInVerdict,
} from '../domain/attempt-limits';
import { verifyPassword } from '../domain/passwords';
import { AttemptLimiter } from '../limits/attempt-limiter';
import { toIdentity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { Session } from './session.entity';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Sign-in, sessions and their revocation. */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;
  private readonly policy: Pick<AttemptLimitPolicy, 'signInsPerPair' | 'unknownEmailFailuresPerIp' | 'windowMinutes'>;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    private readonly limiter: AttemptLimiter,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SERVICE_CONFIG) private readonly serviceConfig: ServiceConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.policy = {
      signInsPerPair: config.loginMaxFailures,
      unknownEmailFailuresPerIp: config.loginMaxFailuresPerIp,
      windowMinutes: config.loginWindowMinutes,
    };
  }

  onModuleInit() {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy() {
    clearInterval(this.sweeper);
  }

  /**
   * Sign-in. The (address, email) attempt is reserved before the password is looked at, in one
   * atomic statement, so concurrent guesses never get more than the limit evaluated. Failures for
   * emails without an account also count against the address; over that limit every failure
   * answers 429, but a correct password is still accepted (see domain/attempt-limits.ts).
   */
  async login(req: LoginRequest): Promise<LoginResponse> {
    const messages = limitMessages(this.policy);
    const email = req.email; // canonical form (LoginRequest's NormalizeEmail)
    const pairKey = limitKeys.signInPair(req.ip, email);
    if (!(await this.limiter.reserve(pairKey, this.policy.signInsPerPair))) throw AppError.tooManyRequests(messages.signIn);

    const user = await this.users.findActiveByEmail(email);
    const ok = user !== null && (await verifyPassword(user.passwordHash, req.password));
    if (!user) await verifyPassword(undefined, req.password); // an unknown email costs what a wrong password does

    let addressOverLimit = false;
    if (!ok) {
      const addressKey = limitKeys.signInAddress(req.ip);
      addressOverLimit = failureCountsAgainstAddress(user !== null)
        ? !(await this.limiter.reserve(addressKey, this.policy.unknownEmailFailuresPerIp))
        : await this.limiter.isOver(addressKey, this.policy.unknownEmailFailuresPerIp);
    }
    const verdict = signInVerdict(ok, addressOverLimit);
    if (verdict === 'too-many-attempts') throw AppError.tooManyRequests(messages.signIn);
    if (verdict === 'invalid-credentials' || !user) throw AppError.unauthorized(Messages.invalidCredentials);

    await this.limiter.clear(pairKey);
    if (req.requireAdmin && user.role !== 'admin') throw AppError.forbidden(Messages.adminsOnly);
    return { identity: toIdentity(user), session: await this.create(user.id, user.role) };
  }

  /** A new session for an account that just registered (it signs them in). */
  async createFor(userId: string): Promise<SessionInfo> {
    const identity = await this.users.get(userId);
    return this.create(identity.id, identity.role);
  }

  async check(sid: string): Promise<CheckSessionResponse> {
    const row = await this.sessions.findOne({ where: { sid } });
    if (!row || row.expire.getTime() <= Date.now()) return { valid: false };
    return { valid: true, session: toSessionInfo(row) };
  }

  /** Ends a session: the row goes, and every gateway hears it at once. */
  async revoke(sid: string): Promise<void> {
    await this.sessions.delete({ sid });
    this.announceRevoked([sid]);
  }

  /**
   * Ends every session of a user (but `keepSid`, the one changing its own password) in the caller's
   * transaction; answers their ids, to announce once it commits.
   */
  async endAllIn(manager: EntityManager, userId: string, keepSid?: string): Promise<string[]> {
    const ended: { sid: string }[] = await manager.query(
      `WITH ended AS (DELETE FROM sessions WHERE sess->>'userId' = $1 AND sid IS DISTINCT FROM $2 RETURNING sid) SELECT sid FROM ended`,
      [userId, keepSid ?? null],
    );
    return ended.map((row) => row.sid);
  }

  /** Tells every gateway these sessions are over. */
  announceRevoked(sids: string[]): void {
    for (const sid of sids) {
      const message: SessionRevokedBroadcast = { sid };
      publishBroadcast(this.nc, this.serviceConfig.namespace, AuthBroadcasts.sessionRevoked, message);
    }
  }

  private async create(userId: string, role: Role): Promise<SessionInfo> {
    const now = new Date();
    const session = this.sessions.create({
      sid: randomBytes(32).toString('base64url'),
      sess: { userId, role, createdAt: now.toISOString() },
      expire: new Date(now.getTime() + this.config.sessionTtlHours * 3600_000),
    });
    await this.sessions.insert(session);
    return toSessionInfo(session);
  }

  /** Drops expired sessions and attempt counters whose window is over. */
  private async sweep(): Promise<void> {
    try {
      await this.dataSource.query('DELETE FROM sessions WHERE expire < now()');
      await this.limiter.sweep();
    } catch (err) {
      this.logger.warn({ err }, 'session sweep failed; will retry');
    }
  }
}

function toSessionInfo(row: Session): SessionInfo {
  return { sid: row.sid, userId: row.sess.userId, role: row.sess.role, expiresAt: row.expire.toISOString() };
}
