import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  CheckSessionResponse,
  CreateSessionRequest,
  LoginRequest,
  LoginResponse,
  SessionIdRequest,
  SessionInfo,
} from '@bakery/contracts';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(AuthPatterns.login)
  login(@Payload() req: LoginRequest): Promise<LoginResponse> {
    return this.sessions.login(req);
  }

  @MessagePattern(AuthPatterns.createSession)
  create(@Payload() req: CreateSessionRequest): Promise<SessionInfo> {
    return this.sessions.createFor(req.userId);
  }

  @MessagePattern(AuthPatterns.checkSession)
  check(@Payload() req: SessionIdRequest): Promise<CheckSessionResponse> {
    return this.sessions.check(req.sid);
  }

  @MessagePattern(AuthPatterns.revokeSession)
  async revoke(@Payload() req: SessionIdRequest): Promise<{ ok: true }> {
    await this.sessions.revoke(req.sid);
    return { ok: true };
  }
}
