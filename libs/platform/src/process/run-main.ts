/**
 * Entry point of every Node process: starts it, and on SIGTERM/SIGINT closes it cleanly
 * (finishing in-flight work, draining NATS) before exiting. A start failure exits with code 1
 * and a readable message; configuration errors need no stack trace.
 */
export function runMain(name: string, start: () => Promise<{ close(): Promise<void> }>): void {
  start().then(
    (running) => {
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        running.close().then(
          () => process.exit(0),
          (err) => {
            console.error(`${name} did not stop cleanly:`, err);
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err) => {
      console.error(`${name} failed to start: ${err instanceof Error ? err.message : String(err)}`);
      if (!(err instanceof Error && err.name === 'ConfigError')) console.error(err);
      process.exit(1);
    },
  );
}
