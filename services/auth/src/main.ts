import './tracing'; // first: see tracing.ts
import { runMain } from '@bakery/platform';
import { startService } from '@bakery/service-kit';
import { loadAuthConfig } from './auth.config';
import { authService } from './service';

// Auth's own settings are checked before anything starts, so a bad one (e.g. a short admin key in
// production) stops the process with the variable's name instead of a Nest stack trace.
runMain('auth service', async () => {
  loadAuthConfig(process.env);
  return startService(authService);
});
