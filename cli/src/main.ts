import { runCli } from './cli.ts';
import { exitOnInterrupt } from './interrupt.ts';
import { processIo } from './io.ts';

exitOnInterrupt();
// Exit once stdout is flushed: open sockets or stdin must not keep a finished command alive.
// No top-level await: the bundle is a CommonJS file (scripts/bundle.ts).
void runCli(process.argv.slice(2), processIo()).then((code) => {
  process.stdout.write('', () => process.exit(code));
});
