import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../common/auth/authenticated-user';
import { AccountScope } from '../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../common/http/pagination.dto';
import { UuidParam } from '../../common/validation/uuid-param';
import { NotificationListQueryDto, NotificationResponseDto, ReadAllResultDto, UnreadCountDto } from './notifications.dto';
import { NotificationsService } from './notifications.service';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @AccountScope({ from: 'query', optional: true, validated: true })
  @ApiOperation({ summary: 'Мои уведомления, новые сначала; фильтры: прочитанность, вид, кабинет' })
  @ApiPageResponse(NotificationResponseDto)
  list(@CurrentUser() user: AuthenticatedUser, @Query() query: NotificationListQueryDto): Promise<Page<NotificationResponseDto>> {
    return this.notifications.list(user.id, query);
  }

  @Get('unread-count')
  @ApiOperation({ summary: 'Число непрочитанных уведомлений' })
  @ApiOkResponse({ type: UnreadCountDto })
  unreadCount(@CurrentUser() user: AuthenticatedUser): Promise<UnreadCountDto> {
    return this.notifications.unreadCount(user.id);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Отметить все уведомления прочитанными' })
  @ApiOkResponse({ type: ReadAllResultDto })
  markAllRead(@CurrentUser() user: AuthenticatedUser): Promise<ReadAllResultDto> {
    return this.notifications.markAllRead(user.id);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Отметить уведомление прочитанным' })
  @ApiOkResponse({ type: NotificationResponseDto })
  markRead(@CurrentUser() user: AuthenticatedUser, @UuidParam('id') id: string): Promise<NotificationResponseDto> {
    return this.notifications.markRead(user.id, id);
  }
}
