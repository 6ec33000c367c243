// Services and gateways started inside tests log only when asked: TEST_LOG_LEVEL=info npm test
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
