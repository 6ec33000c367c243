import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AppError,
  AuthPatterns,
  CreatePendingUserRequest,
  Identity,
  ListUsersRequest,
  Messages,
  RegisterAdminRequest,
  UpdateNamesRequest,
  UserIdRequest,
} from '@bakery/contracts';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { registrationKeyMatches } from '../domain/registration-key';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  @MessagePattern(AuthPatterns.createPendingUser)
  createPending(@Payload() req: CreatePendingUserRequest): Promise<Identity> {
    return this.users.createPending(req);
  }

  @MessagePattern(AuthPatterns.activateUser)
  activate(@Payload() req: UserIdRequest): Promise<Identity> {
    return this.users.activate(req.userId);
  }

  @MessagePattern(AuthPatterns.discardPendingUser)
  async discardPending(@Payload() req: UserIdRequest): Promise<{ ok: true }> {
    await this.users.discardPending(req.userId);
    return { ok: true };
  }

  @MessagePattern(AuthPatterns.getUser)
  get(@Payload() req: UserIdRequest): Promise<Identity> {
    return this.users.get(req.userId);
  }

  @MessagePattern(AuthPatterns.listUsers)
  list(@Payload() req: ListUsersRequest): Promise<Identity[]> {
    return this.users.list(req.role);
  }

  @MessagePattern(AuthPatterns.updateNames)
  updateNames(@Payload() req: UpdateNamesRequest): Promise<Identity> {
    return this.users.updateNames(req);
  }

  @MessagePattern(AuthPatterns.registerAdmin)
  registerAdmin(@Payload() req: RegisterAdminRequest): Promise<Identity> {
    if (!this.config.adminRegistrationKey) throw AppError.forbidden(Messages.adminRegistrationDisabled);
    if (!registrationKeyMatches(req.registrationKey, this.config.adminRegistrationKey)) {
      throw AppError.forbidden(Messages.invalidRegistrationKey);
    }
    return this.users.createAdmin(req);
  }
}
