import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { OrderNotification } from './order-notification.entity';

/** The admins' order notifications: one per placed order, unread until an admin opens the orders screen. */
@Injectable()
export class NotificationsService {
  constructor(@InjectRepository(OrderNotification) private readonly notifications: Repository<OrderNotification>) {}

  unreadCount(): Promise<number> {
    return this.notifications.countBy({ isRead: false });
  }

  /** Adds the order's notification in the caller's transaction; false when the order already has one. */
  async recordOrder(manager: EntityManager, orderId: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO order_notifications (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
      [orderId],
    );
    return inserted.length > 0;
  }

  /** Marks every unread notification read; answers how many were unread. */
  async markAllRead(): Promise<number> {
    const result = await this.notifications.update({ isRead: false }, { isRead: true });
    return result.affected ?? 0;
  }
}
