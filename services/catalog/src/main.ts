import './tracing'; // first: see tracing.ts
import { runServiceMain } from '@bakery/service-kit';
import { catalogService } from './service';

runServiceMain(catalogService);
