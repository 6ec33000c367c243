import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { JwtCookieStrategy } from './jwt.strategy';
import { RouteAudit } from './route-audit';
import { SessionCookie } from './session-cookie';
import { SessionRegistry } from './session-registry';
import { SessionTokens } from './session-tokens';
import { UsersLookup } from './users.lookup';

/** Sessions and access control for every route, plus the /api/auth routes. */
@Module({
  imports: [
    DiscoveryModule,
    PassportModule,
  ],
  controllers: [AuthController],
  providers: [
    SessionRegistry,
    SessionTokens,
    SessionCookie,
    JwtCookieStrategy,
    UsersLookup,
    RouteAudit,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionRegistry, SessionTokens, UsersLookup, RouteAudit, JwtCookieStrategy],
})
export class AuthModule {}
