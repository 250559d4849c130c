import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { Public } from '../../common/auth/public.decorator';
import { CurrentRequestMeta, RequestMeta } from '../../common/auth/request-meta';
import { Roles } from '../../common/auth/roles';
import { ThrottleGroupOf } from '../../common/throttle/throttle.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { ChangeRoleDto, LoginDto, RefreshTokenDto, RegisterDto, TokenPairDto, UpdateMeDto } from './auth.dto';
import { AuthService } from './auth.service';
import { UserProfileDto } from './users.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @Public()
  @ThrottleGroupOf('auth')
  @ApiOperation({ summary: 'Регистрация (роль seller)' })
  @ApiCreatedResponse({ type: UserProfileDto })
  register(@Body() body: RegisterDto, @CurrentRequestMeta() meta: RequestMeta): Promise<UserProfileDto> {
    return this.auth.register(body, meta);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ThrottleGroupOf('auth')
  @ApiOperation({ summary: 'Вход: пара токенов' })
  @ApiOkResponse({ type: TokenPairDto })
  login(@Body() body: LoginDto, @CurrentRequestMeta() meta: RequestMeta): Promise<TokenPairDto> {
    return this.auth.login(body, meta);
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  @ThrottleGroupOf('refresh')
  @ApiOperation({ summary: 'Новая пара токенов; старый токен обновления отзывается' })
  @ApiOkResponse({ type: TokenPairDto })
  refresh(@Body() body: RefreshTokenDto, @CurrentRequestMeta() meta: RequestMeta): Promise<TokenPairDto> {
    return this.auth.refresh(body.refreshToken, meta);
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: 'Завершить сессию токена обновления' })
  @ApiNoContentResponse()
  logout(@Body() body: RefreshTokenDto): Promise<void> {
    return this.auth.logout(body.refreshToken);
  }

  @Post('logout-all')
  @HttpCode(204)
  @ApiOperation({ summary: 'Завершить все сессии пользователя' })
  @ApiNoContentResponse()
  logoutAll(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.auth.logoutAll(user);
  }

  @Post('me')
  @HttpCode(200)
  @ApiOperation({ summary: 'Профиль текущего пользователя' })
  @ApiOkResponse({ type: UserProfileDto })
  me(@CurrentUser() user: AuthenticatedUser): Promise<UserProfileDto> {
    return this.auth.me(user);
  }

  @Get('me')
  @ApiOperation({ summary: 'Профиль текущего пользователя' })
  @ApiOkResponse({ type: UserProfileDto })
  getMe(@CurrentUser() user: AuthenticatedUser): Promise<UserProfileDto> {
    return this.auth.me(user);
  }

  @Patch('me')
  @ApiOperation({ summary: 'Изменить имя или пароль (смена пароля завершает все сессии)' })
  @ApiOkResponse({ type: UserProfileDto })
  updateMe(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateMeDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<UserProfileDto> {
    return this.auth.updateMe(user, body, meta);
  }

  @Patch('users/:userId/role')
  @Roles('admin')
  @ApiOperation({
    summary: 'Сменить роль пользователя (только администратор)',
    description:
      'Выданные пользователю токены доступа перестают действовать со следующего запроса (401 UNAUTHORIZED); обновление по токену обновления выдаёт токен с новой ролью.',
  })
  @ApiOkResponse({ type: UserProfileDto })
  changeRole(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('userId') userId: string,
    @Body() body: ChangeRoleDto,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<UserProfileDto> {
    return this.auth.changeRole(user, userId, body.role, meta);
  }

  @Post('users/:userId/revoke-sessions')
  @Roles('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Завершить все сессии пользователя (только администратор)' })
  @ApiNoContentResponse()
  revokeSessions(
    @CurrentUser() user: AuthenticatedUser,
    @UuidParam('userId') userId: string,
    @CurrentRequestMeta() meta: RequestMeta,
  ): Promise<void> {
    return this.auth.revokeSessions(user, userId, meta);
  }
}
