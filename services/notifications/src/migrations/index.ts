import { CreateOrderNotifications1763700005000 } from './1763700005000-create-order-notifications';
import { MailOutbox1763700016000 } from './1763700016000-mail-outbox';
import { MailPreferences1763700017000 } from './1763700017000-mail-preferences';
import { MailAttachments1763700019000 } from './1763700019000-mail-attachments';

/** Migrations of the notifications database, oldest first (the event bus tables come from the service kit). */
export const notificationsMigrations: Function[] = [CreateOrderNotifications1763700005000, MailOutbox1763700016000, MailPreferences1763700017000, MailAttachments1763700019000];
