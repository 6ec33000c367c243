import type { Type } from '@nestjs/common';
import { PARAM_ARGS_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum';

/** Types the validation pipe passes through unchecked: an interface's payload reaches the pipe as Object. */
const UNCHECKED = new Set<unknown>([undefined, Object, String, Number, Boolean, Array, Promise, Function]);

/**
 * The message handlers of `controller` whose payload the validation pipe would not check, with
 * why. Every `@MessagePattern` handler must take its whole payload as one `@Payload()` parameter
 * typed with a class of @bakery/contracts (`EmptyRequest` for a message that carries nothing):
 * an interface, no parameter, or `@Payload('field')` would let any process on the bus hand the
 * service whatever it likes.
 */
export function uncheckedMessageHandlers(controller: Type<unknown>): string[] {
  const problems: string[] = [];
  const proto = controller.prototype as Record<string, unknown>;
  for (const method of Object.getOwnPropertyNames(proto)) {
    const handler = proto[method];
    if (method === 'constructor' || typeof handler !== 'function') continue;
    const patterns: unknown[] | undefined = Reflect.getMetadata(PATTERN_METADATA, handler);
    if (!patterns) continue;
    const where = `${controller.name}.${method} (${patterns.map(String).join(', ')})`;
    const args: Record<string, { index: number; data?: unknown }> = Reflect.getMetadata(PARAM_ARGS_METADATA, controller, method) ?? {};
    const payloads = Object.entries(args)
      .filter(([key]) => key.split(':')[0] === String(RpcParamtype.PAYLOAD))
      .map(([, arg]) => arg);
    if (payloads.some((arg) => arg.data !== undefined)) {
      problems.push(`${where}: takes a part of its payload (@Payload('...')); take the whole payload as a contracts class`);
      continue;
    }
    if (payloads.length !== 1) {
      problems.push(`${where}: has no @Payload() parameter; a message that carries nothing takes @Payload() _: EmptyRequest`);
      continue;
    }
    const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
    const type = types[payloads[0].index];
    if (UNCHECKED.has(type) || typeof type !== 'function') {
      problems.push(`${where}: its @Payload() is not a class (an interface or a union?); declare a class in @bakery/contracts`);
    }
  }
  return problems;
}

/** Refuses to start a service with a message handler whose payload would go unchecked. */
export function assertMessageContracts(controllers: Iterable<Type<unknown>>): void {
  const problems = [...controllers].flatMap(uncheckedMessageHandlers);
  if (problems.length > 0) {
    throw new Error(`message handlers without a validated payload:\n  ${problems.join('\n  ')}`);
  }
}
