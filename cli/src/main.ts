import { runCli } from './cli.ts';
import { exitOnInterrupt } from './interrupt.ts';
import { processIo } from './io.ts';

exitOnInterrupt();
// Exit once stdout is flushed: open sockets or stdin must not keep a finished command alive.
const code = await runCli(process.argv.slice(2), processIo());
process.stdout.write('', () => process.exit(code));
