import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RealtimeGateway } from './realtime.gateway';
import { SocketAuthenticator } from './socket-auth';

/** socket.io pushes: admin badge counts, inventory alerts, order updates. */
@Module({
  // SessionTokens checks the handshake's cookie as the API's strategy does
  imports: [AuthModule],
  providers: [SocketAuthenticator, RealtimeGateway],
})
export class RealtimeModule {}
