/** Entry point of `npm run events:redrive` (see redrive-command.ts). */
import { describeRedrive, parseRedriveArgs, REDRIVE_USAGE, runRedrive } from './redrive-command';

async function main(): Promise<number> {
  const args = parseRedriveArgs(process.argv.slice(2));
  if (args instanceof Error) {
    console.error(`${args.message}\n${REDRIVE_USAGE}`);
    return 2;
  }
  const result = await runRedrive(args);
  const { text, ok } = describeRedrive(args, result);
  console.log(text);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`events:redrive failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
