import { isServiceName, redrivePattern, RedriveRequest, RedriveResult, SERVICE_NAMES, ServiceName } from '@bakery/contracts';
import { commonConfig, connectNats, type Env, loadConfig, RpcClient } from '@bakery/platform';

/**
 * `npm run events:redrive -- --service <name> (--id <eventId> | --all) [--timeout-seconds <n>]`:
 * asks one instance of the service (over NATS, as `<service>.events.redrive`) to handle its dead
 * letters again with its own handlers. The inbox makes each handled exactly once, however often
 * this runs. Reads NATS_URL and BAKERY_NAMESPACE like the services.
 */
export interface RedriveArgs {
  service: ServiceName;
  request: RedriveRequest;
  timeoutMs: number;
}

export const REDRIVE_USAGE = `usage: npm run events:redrive -- --service <${SERVICE_NAMES.join('|')}> (--id <eventId> | --all) [--timeout-seconds <n>]`;

/** The command line's arguments, or an Error saying what is wrong. */
export function parseRedriveArgs(argv: string[]): RedriveArgs | Error {
  let service: string | undefined;
  let eventId: string | undefined;
  let all = false;
  let timeoutSeconds = 120;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    try {
      if (arg === '--service') service = value();
      else if (arg === '--id') eventId = value();
      else if (arg === '--all') all = true;
      else if (arg === '--timeout-seconds') timeoutSeconds = Number(value());
      else return new Error(`unknown argument ${arg}`);
    } catch (err) {
      return err as Error;
    }
  }
  if (!service || !isServiceName(service)) return new Error(`--service must be one of ${SERVICE_NAMES.join(', ')}`);
  if ((eventId === undefined) === !all) return new Error('give either --id <eventId> or --all');
  if (eventId !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId)) {
    return new Error('--id must be an event id (a uuid)');
  }
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) return new Error('--timeout-seconds must be a whole number of seconds');
  return { service, request: eventId ? { eventId } : { all: true }, timeoutMs: timeoutSeconds * 1000 };
}

/** Sends the re-drive to the running service and answers what it did. */
export async function runRedrive(args: RedriveArgs, env: Env = process.env): Promise<RedriveResult> {
  const config = loadConfig(commonConfig, env);
  const nc = await connectNats(config.natsUrl, `events-redrive-${args.service}`);
  try {
    return await new RpcClient(nc, config.namespace, args.timeoutMs).request<RedriveResult>(redrivePattern(args.service), args.request, {
      timeoutMs: args.timeoutMs,
    });
  } finally {
    await nc.close();
  }
}

/** A report for people, and whether it went as asked (the exit code). */
export function describeRedrive(args: RedriveArgs, result: RedriveResult): { text: string; ok: boolean } {
  const lines = [
    `${result.service}: ${result.redriven.length} handled now, ${result.alreadyHandled.length} handled before, ${result.failed.length} failed again`,
    ...result.redriven.map((id) => `  handled        ${id}`),
    ...result.alreadyHandled.map((id) => `  handled before ${id}`),
    ...result.failed.map((f) => `  failed         ${f.eventId} (${f.consumer}): ${f.error}`),
  ];
  const found = result.redriven.length + result.alreadyHandled.length + result.failed.length;
  if (args.request.eventId && found === 0) lines.push(`  no dead letter of ${args.service} has the id ${args.request.eventId}`);
  return { text: lines.join('\n'), ok: result.failed.length === 0 && (found > 0 || args.request.all === true) };
}
