/** Injection tokens provided to every service by the service kit. */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const SERVICE_LOGGER = Symbol('SERVICE_LOGGER');
export const INSTANCE_ID = Symbol('INSTANCE_ID');
/** The environment the service was started with (process.env, or a test's overrides): read service-specific config from it. */
export const SERVICE_ENV = Symbol('SERVICE_ENV');
