import './tracing'; // first: see tracing.ts
import { runMain } from '@bakery/platform';
import { startGateway } from './gateway';

runMain('gateway', () => startGateway());
