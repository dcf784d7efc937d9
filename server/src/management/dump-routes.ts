/**
 * `GET /management/dump`: the main thread and the libuv worker threads in the shape of Java's
 * thread dump, the main thread with its JavaScript stack. ROLE_ADMIN.
 */
import { threadId } from 'node:worker_threads';
import { management } from '@extranet/core/contract/management.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { route } from '../contract/route.ts';
import type { NodeStats } from './node-stats.ts';

interface Frame {
  className: string;
  methodName: string;
  fileName: string;
  lineNumber: number;
  nativeMethod: boolean;
}

/** The frames of a JavaScript stack in the shape of Java's StackTraceElement. */
export function framesOf(stack: string | undefined): Frame[] {
  const frames: Frame[] = [];
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const match = /^\s*at (?:(.+?) \()?(.+?)(?::(\d+):\d+)?\)?$/.exec(line);
    if (!match) continue;
    const [, rawFn = '<anonymous>', location = '', lineNumber] = match;
    const fn = rawFn.replace(/^async /, '');
    const dot = fn.lastIndexOf('.');
    frames.push({
      className: dot > 0 ? fn.slice(0, dot) : location.replace(/^.*[\\/]/, ''),
      methodName: dot > 0 ? fn.slice(dot + 1) : fn,
      fileName: location.replace(/^file:\/\//, ''),
      lineNumber: lineNumber ? Number(lineNumber) : -1,
      nativeMethod: location === 'native',
    });
  }
  return frames;
}

function thread(name: string, id: number, state: string, stackTrace: Frame[]) {
  return {
    threadName: name,
    threadId: id,
    threadState: state,
    blockedCount: 0,
    blockedTime: -1,
    waitedCount: 0,
    waitedTime: -1,
    lockName: null,
    lockOwnerId: -1,
    lockOwnerName: null,
    inNative: false,
    suspended: false,
    lockInfo: null,
    lockedMonitors: [],
    lockedSynchronizers: [],
    stackTrace,
  };
}

async function dumpPlugin(app: FastifyInstance, { node }: { readonly node: NodeStats }) {
  route(app, management.dump, async () => {
    const main = thread('main', threadId, 'RUNNABLE', framesOf(new Error('dump').stack));
    const pool = Array.from({ length: node.threadPoolSize() }, (_, i) =>
      thread(`libuv-worker-${i + 1}`, 1000 + i, 'WAITING', []),
    );
    return [main, ...pool];
  });
}

export const dumpRoutes = fp(dumpPlugin, { name: 'management-dump' });
