import { runServiceMain } from '@bakery/service-kit';
import { authService } from './service';

runServiceMain(authService);
