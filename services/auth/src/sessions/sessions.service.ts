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
import { DataSource, Repository } from 'typeorm';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { failureKeys, isLockedOut, LoginLimitPolicy, lockoutMessage } from '../domain/login-limit';
import { verifyPassword } from '../domain/passwords';
import { toIdentity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { LoginFailure } from './login-failure.entity';
import { Session } from './session.entity';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Sign-in, sessions and their revocation. */
@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;
  private readonly policy: LoginLimitPolicy;

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(LoginFailure) private readonly failures: Repository<LoginFailure>,
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(SERVICE_CONFIG) private readonly serviceConfig: ServiceConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.policy = {
      maxFailuresPerPair: config.loginMaxFailures,
      maxFailuresPerIp: config.loginMaxFailuresPerIp,
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

  async login(req: LoginRequest): Promise<LoginResponse> {
    const keys = failureKeys(req.ip, req.email);
    const [counts] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE key = $1)::int AS pair, count(*) FILTER (WHERE key = $2)::int AS ip
         FROM login_failures
        WHERE key IN ($1, $2) AND failed_at > now() - make_interval(mins => $3)`,
      [keys.pair, keys.ip, this.policy.windowMinutes],
    );
    if (isLockedOut(counts.pair, counts.ip, this.policy)) throw AppError.tooManyRequests(lockoutMessage(this.policy));

    const user = await this.users.findActiveByEmail(req.email);
    const ok = await verifyPassword(user?.passwordHash, req.password);
    if (!user || !ok) {
      await this.failures.insert([{ key: keys.pair }, { key: keys.ip }]);
      throw AppError.unauthorized(Messages.invalidCredentials);
    }
    await this.failures.delete({ key: keys.pair });
    if (req.requireAdmin && user.role !== 'admin') throw AppError.forbidden(Messages.adminsOnly);
    return { identity: toIdentity(user), session: await this.create(user.id, user.role) };
  }

  /** A new session for an account that just registered (it signs them in). */
  async createFor(userId: string): Promise<SessionInfo> {
    const identity = await this.users.get(userId);
    return this.create(identity.id, identity.role);
  }

  async check(sid: string): Promise<CheckSessionResponse> {
    const row = typeof sid === 'string' ? await this.sessions.findOne({ where: { sid } }) : null;
    if (!row || row.expire.getTime() <= Date.now()) return { valid: false };
    return { valid: true, session: toSessionInfo(row) };
  }

  /** Ends a session: the row goes, and every gateway hears it at once. */
  async revoke(sid: string): Promise<void> {
    await this.sessions.delete({ sid });
    const message: SessionRevokedBroadcast = { sid };
    publishBroadcast(this.nc, this.serviceConfig.namespace, AuthBroadcasts.sessionRevoked, message);
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

  /** Drops expired sessions and failures older than the window. */
  private async sweep(): Promise<void> {
    try {
      await this.dataSource.query('DELETE FROM sessions WHERE expire < now()');
      await this.dataSource.query(
        'DELETE FROM login_failures WHERE failed_at < now() - make_interval(mins => $1)',
        [this.policy.windowMinutes],
      );
    } catch (err) {
      this.logger.warn({ err }, 'session sweep failed; will retry');
    }
  }
}

function toSessionInfo(row: Session): SessionInfo {
  return { sid: row.sid, userId: row.sess.userId, role: row.sess.role, expiresAt: row.expire.toISOString() };
}
