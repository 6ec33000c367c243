import { runServiceMain } from '@bakery/service-kit';
import { notificationsService } from './service';

runServiceMain(notificationsService);
