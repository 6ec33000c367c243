import { Body, Controller, Get, HttpCode, Post, Redirect, Req, Res } from '@nestjs/common';
import {
  AdminRegisterDto,
  AuthPatterns,
  CustomerAccount,
  CustomersPatterns,
  type ForgotPasswordAnswer,
  ForgotPasswordDto,
  Identity,
  LoginDto,
  LoginResponse,
  PasswordResetPatterns,
  RegisterDto,
  type ResetPasswordAnswer,
  ResetPasswordDto,
  SessionInfo,
  User,
} from '@bakery/contracts';
import { RpcClient } from '@bakery/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, SignedIn } from './access';
import { CurrentPrincipal, Principal } from './principal';
import { SessionCookie } from './session-cookie';
import { UsersLookup } from './users.lookup';

/** Sign-in, registration and sessions (spec section 7: /api/auth/*, /api/login). */
@Controller('api')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cookie: SessionCookie,
    private readonly users: UsersLookup,
  ) {}

  /** Creates a customer account and signs it in. */
  @Public()
  @Post('auth/register')
  async register(@Body() body: RegisterDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<User> {
    const user = await this.rpc.request<CustomerAccount>(CustomersPatterns.register, { ...body, ip: clientAddress(req) });
    const session = await this.rpc.request<SessionInfo>(AuthPatterns.createSession, { userId: user.id });
    await this.cookie.set(req, res, session);
    return user;
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: User }> {
    return this.signIn(body, req, res, false);
  }

  /** Like login, but a valid non-admin account gets 403 and no session. */
  @Public()
  @Post('auth/admin-login')
  @HttpCode(200)
  async adminLogin(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ user: User }> {
    return this.signIn(body, req, res, true);
  }

  /** Creates an administrator when the registration key matches; does not sign in. */
  @Public()
  @Post('auth/admin-register')
  async adminRegister(@Body() body: AdminRegisterDto, @Req() req: FastifyRequest): Promise<User> {
    const identity = await this.rpc.request<Identity>(AuthPatterns.registerAdmin, { ...body, ip: clientAddress(req) });
    return this.users.withProfile(identity);
  }

  /** Ends the session on the server (every gateway refuses the cookie afterwards) and clears it. */
  @Public()
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<{ ok: true }> {
    const claims = await this.cookie.readSignedClaims(req);
    if (claims) await this.rpc.request(AuthPatterns.revokeSession, { sid: claims.sid });
    this.cookie.clear(req, res);
    return { ok: true };
  }

  /**
   * "Forgot password": 202 and the same body whatever the email (auth mails a link only to an
   * account, after answering); 429 past the address's limit.
   */
  @Public()
  @Post('auth/forgot-password')
  @HttpCode(202)
  forgotPassword(@Body() body: ForgotPasswordDto, @Req() req: FastifyRequest): Promise<ForgotPasswordAnswer> {
    return this.rpc.request(PasswordResetPatterns.request, { email: body.email, ip: clientAddress(req) });
  }

  /** Sets a new password with a link's token (once); every session of the account ends. 400 for a bad, used or expired token. */
  @Public()
  @Post('auth/reset-password')
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordDto): Promise<ResetPasswordAnswer> {
    return this.rpc.request(PasswordResetPatterns.complete, { token: body.token, password: body.password });
  }

  @SignedIn()
  @Get('auth/user')
  currentUser(@CurrentPrincipal() principal: Principal): Promise<User> {
    return this.users.byId(principal.userId);
  }

  /** The spec's provider login path: there is no external provider, so it is the sign-in page. */
  @Public()
  @Get('login')
  @Redirect('/', 302)
  loginRedirect(): void {}

  private async signIn(body: LoginDto, req: FastifyRequest, res: FastifyReply, requireAdmin: boolean): Promise<{ user: User }> {
    const { identity, session } = await this.rpc.request<LoginResponse>(AuthPatterns.login, {
      email: body.email,
      password: body.password,
      ip: clientAddress(req),
      requireAdmin,
    });
    await this.cookie.set(req, res, session);
    return { user: await this.users.withProfile(identity) };
  }
}

/** The client's address, for auth's attempt limits (behind a proxy: see TRUST_PROXY). */
function clientAddress(req: FastifyRequest): string {
  return req.ip ?? 'unknown';
}
