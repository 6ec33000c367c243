import { Body, Controller, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import {
  AccountDetailsDto,
  AuthPatterns,
  type ChangePasswordAnswer,
  ChangePasswordDto,
  type ChangePasswordRequest,
  type CustomerAccount,
  CustomersPatterns,
  MailPreferencePatterns,
  type MailPreferences,
  type MailPreferencesRequest,
  type UpdateCustomerRequest,
  UpdateMailPreferencesDto,
  type UpdateMailPreferencesRequest,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import { CustomerOnly } from '../auth/access';
import { CurrentPrincipal, Principal } from '../auth/principal';

/**
 * The signed-in customer's own account (issue 20's Account page): business details, password,
 * which optional emails they get. There is no id in these routes: each reads and writes the
 * caller's own account only.
 */
@CustomerOnly()
@Controller('api/account')
export class AccountController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  get(@CurrentPrincipal() principal: Principal): Promise<CustomerAccount> {
    return this.rpc.request(CustomersPatterns.get, { userId: principal.userId });
  }

  /** The customer-editable fields (not the drop position, which is the bakery's); a field left out stays, null clears it. */
  @Patch()
  update(@CurrentPrincipal() principal: Principal, @Body() body: AccountDetailsDto): Promise<CustomerAccount> {
    const request: UpdateCustomerRequest = { ...body, userId: principal.userId };
    return this.rpc.request(CustomersPatterns.update, request);
  }

  /** A new password, given the current one; every other session of the account ends, this one stays. */
  @Post('password')
  @HttpCode(200)
  changePassword(@CurrentPrincipal() principal: Principal, @Body() body: ChangePasswordDto): Promise<ChangePasswordAnswer> {
    const request: ChangePasswordRequest = {
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      userId: principal.userId,
      sid: principal.sid,
    };
    return this.rpc.request(AuthPatterns.changePassword, request);
  }

  @Get('notifications')
  notifications(@CurrentPrincipal() principal: Principal): Promise<MailPreferences> {
    const request: MailPreferencesRequest = { customerId: principal.userId };
    return this.rpc.request(MailPreferencePatterns.get, request);
  }

  /** Any of the three switches; those left out keep their value. Answers the whole set. */
  @Put('notifications')
  updateNotifications(@CurrentPrincipal() principal: Principal, @Body() body: UpdateMailPreferencesDto): Promise<MailPreferences> {
    const request: UpdateMailPreferencesRequest = { ...body, customerId: principal.userId };
    return this.rpc.request(MailPreferencePatterns.update, request);
  }
}
