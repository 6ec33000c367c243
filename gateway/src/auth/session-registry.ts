import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AuthBroadcasts, AuthPatterns, CheckSessionResponse, SessionRevokedBroadcast } from '@bakery/contracts';
import { RpcClient, subscribeBroadcast } from '@bakery/platform';
import type { NatsConnection, Subscription } from 'nats';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { NATS_CONNECTION } from '../messaging/messaging.module';

/** How long a revoked sid is remembered here; after that auth answers for it again. */
const REMEMBER_REVOKED_MS = 15 * 60 * 1000;

/**
 * Whether a session (already proven ours by the JWT signature) is still alive. Auth's session
 * row decides; this instance asks it once per session and then trusts the answer for
 * SESSION_CHECK_TTL_MS, so a request normally costs no NATS round trip. A logout anywhere is
 * broadcast by auth and forgotten here at once.
 */
@Injectable()
export class SessionRegistry implements OnModuleInit, OnModuleDestroy {
  private readonly trustedUntil = new Map<string, number>();
  private readonly revokedUntil = new Map<string, number>();
  private readonly revocationListeners = new Set<(sid: string) => void>();
  private subscription?: Subscription;
  private pruner?: NodeJS.Timeout;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit() {
    this.subscription = subscribeBroadcast<SessionRevokedBroadcast>(
      this.nc,
      this.config.namespace,
      AuthBroadcasts.sessionRevoked,
      ({ sid }) => this.revoked(sid),
    );
    this.pruner = setInterval(() => this.prune(), 60_000);
    this.pruner.unref();
  }

  onModuleDestroy() {
    this.subscription?.unsubscribe();
    clearInterval(this.pruner);
  }

  async isAlive(sid: string): Promise<boolean> {
    const now = Date.now();
    if ((this.revokedUntil.get(sid) ?? 0) > now) return false;
    if ((this.trustedUntil.get(sid) ?? 0) > now) return true;
    const answer = await this.rpc.request<CheckSessionResponse>(AuthPatterns.checkSession, { sid });
    if (!answer.valid) {
      this.revoked(sid);
      return false;
    }
    this.trustedUntil.set(sid, now + this.config.sessionCheckTtlMs);
    return true;
  }

  /** A session ended (here or on another instance): refuse it from now on. */
  revoked(sid: string): void {
    this.trustedUntil.delete(sid);
    this.revokedUntil.set(sid, Date.now() + REMEMBER_REVOKED_MS);
    for (const listener of this.revocationListeners) listener(sid);
  }

  /** Lets the realtime gateway disconnect the sockets of a revoked session. */
  onRevoked(listener: (sid: string) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  private prune(): void {
    const now = Date.now();
    for (const [sid, until] of this.trustedUntil) if (until <= now) this.trustedUntil.delete(sid);
    for (const [sid, until] of this.revokedUntil) if (until <= now) this.revokedUntil.delete(sid);
  }
}
