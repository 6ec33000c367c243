import './tracing'; // first: see tracing.ts
import { runServiceMain } from '@bakery/service-kit';
import { customersService } from './service';

runServiceMain(customersService);
