import './tracing'; // first: see tracing.ts
import { runServiceMain } from '@bakery/service-kit';
import { notificationsService } from './service';

runServiceMain(notificationsService);
