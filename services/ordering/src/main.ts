import { runServiceMain } from '@bakery/service-kit';
import { orderingService } from './service';

runServiceMain(orderingService);
