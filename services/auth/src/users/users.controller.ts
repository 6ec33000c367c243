import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActivateUserRequest,
  AuthPatterns,
  CreatePendingUserRequest,
  Identity,
  RegisterAdminRequest,
  UpdateNamesRequest,
  UserIdRequest,
  UserIdsRequest,
} from '@bakery/contracts';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(AuthPatterns.createPendingUser)
  createPending(@Payload() req: CreatePendingUserRequest): Promise<Identity> {
    return this.users.createPending(req);
  }

  @MessagePattern(AuthPatterns.activateUser)
  activate(@Payload() req: ActivateUserRequest): Promise<Identity> {
    return this.users.activate(req);
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

  @MessagePattern(AuthPatterns.getUsers)
  getMany(@Payload() req: UserIdsRequest): Promise<Identity[]> {
    return this.users.getMany(req.role, req.ids);
  }

  @MessagePattern(AuthPatterns.updateNames)
  updateNames(@Payload() req: UpdateNamesRequest): Promise<Identity> {
    return this.users.updateNames(req);
  }

  @MessagePattern(AuthPatterns.registerAdmin)
  registerAdmin(@Payload() req: RegisterAdminRequest): Promise<Identity> {
    return this.users.registerAdmin(req);
  }
}
