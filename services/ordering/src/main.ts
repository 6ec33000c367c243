import './tracing'; // first: see tracing.ts
import { runServiceMain } from '@bakery/service-kit';
import { orderingService } from './service';

runServiceMain(orderingService);
