/**
 * Writes that are whole or absent: a mail or a kept message is written under a temporary name
 * and renamed into place, and the temporary file is removed when the write fails (a full disk,
 * a quota), so no reader ever finds a truncated message that looks complete.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export function writeFileWhole(file: string, data: string | Uint8Array, mode = 0o600): void {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, data, { mode });
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The error a write meets when the disk (or the process's share of it) is full. */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}
