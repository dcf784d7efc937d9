import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { onInterrupt } from '../interrupt.ts';

/** A file being written: readers never see it until `commit` renames it into place. */
export interface PendingFile {
  readonly path: string;
  write(chunk: Uint8Array | string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Writes beside the target (same folder, so the rename is atomic) under a hidden temporary
 * name; a failure or an interrupt removes it, so no partial output file is ever left.
 */
export const pendingFile = (target: string): PendingFile => {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.part`);
  const stream: WriteStream = createWriteStream(temp, { flags: 'wx', mode: 0o644 });
  let failed: Error | undefined;
  stream.on('error', (error) => {
    failed = error;
  });
  const release = onInterrupt(() => rmSync(temp, { force: true }));
  return {
    path: target,
    write: async (chunk) => {
      if (failed) throw failed;
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    commit: async () => {
      stream.end();
      await once(stream, 'close');
      release();
      if (failed) {
        rmSync(temp, { force: true });
        throw failed;
      }
      renameSync(temp, target);
    },
    abort: async () => {
      stream.destroy();
      await once(stream, 'close').catch(() => undefined);
      release();
      rmSync(temp, { force: true });
    },
  };
};
