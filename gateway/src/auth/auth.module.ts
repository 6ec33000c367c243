import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { JwtCookieStrategy } from './jwt.strategy';
import { RouteAudit } from './route-audit';
import { SessionCookie } from './session-cookie';
import { SessionRegistry } from './session-registry';
import { UsersLookup } from './users.lookup';

/** Sessions and access control for every route, plus the /api/auth routes. */
@Module({
  imports: [
    DiscoveryModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        secret: config.jwtSecret,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    SessionRegistry,
    SessionCookie,
    JwtCookieStrategy,
    UsersLookup,
    RouteAudit,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [SessionRegistry, UsersLookup, RouteAudit, JwtCookieStrategy],
})
export class AuthModule {}
