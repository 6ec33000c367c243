import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AuthModule } from '../auth/auth.module';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { RealtimeGateway } from './realtime.gateway';
import { SocketAuthenticator } from './socket-auth';

/** socket.io pushes: admin badge counts, inventory alerts, order updates. */
@Module({
  imports: [
    AuthModule,
    // verification only, with the session cookie's key (AuthModule keeps its JwtService to itself)
    JwtModule.registerAsync({
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => ({ secret: config.jwtSecret, verifyOptions: { algorithms: ['HS256'] } }),
    }),
  ],
  providers: [SocketAuthenticator, RealtimeGateway],
})
export class RealtimeModule {}
