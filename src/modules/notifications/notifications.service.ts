import { Injectable } from '@nestjs/common';

import { AppError } from '../../common/errors/app-error';
import { Page } from '../../common/http/pagination.dto';
import { NotificationListQueryDto, NotificationResponseDto } from './notifications.dto';
import { NotificationsRepository } from './notifications.repository';

export interface NotificationInput {
  /** Dotted kind, e.g. import.finished, sync.failed. */
  type: string;
  /** Ready Russian text. */
  title: string;
  body: string;
  payload?: Record<string, unknown>;
}

/** Notifications to users, written by any module (import finished, sync failed ...) and read by their user. */
@Injectable()
export class NotificationsService {
  constructor(private readonly repository: NotificationsRepository) {}

  notify(userId: string, input: NotificationInput): Promise<NotificationResponseDto> {
    return this.repository.insert({ userId, type: input.type, title: input.title, body: input.body, payload: input.payload ?? {} });
  }

  list(userId: string, query: NotificationListQueryDto): Promise<Page<NotificationResponseDto>> {
    return this.repository.findPageForUser(userId, query);
  }

  async unreadCount(userId: string): Promise<{ count: number }> {
    return { count: await this.repository.countUnreadForUser(userId) };
  }

  async markRead(userId: string, id: string): Promise<NotificationResponseDto> {
    const notification = await this.repository.markReadForUser(userId, id);
    if (!notification) throw AppError.notFound('Уведомление не найдено');
    return notification;
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    return { updated: await this.repository.markAllReadForUser(userId) };
  }
}
