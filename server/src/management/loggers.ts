/**
 * Runtime log levels (management/logs): named pino loggers whose level can be read and
 * changed while the server runs. `ROOT` is the application logger, which request logs
 * derive from; the others are children used by one concern each.
 */
import type { FastifyBaseLogger } from 'fastify';

export const JAVA_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'OFF'] as const;
export type JavaLevel = (typeof JAVA_LEVELS)[number];

const TO_PINO: Record<JavaLevel, string> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
  OFF: 'silent',
};

function toJava(level: string): JavaLevel {
  switch (level) {
    case 'trace':
      return 'TRACE';
    case 'debug':
      return 'DEBUG';
    case 'info':
      return 'INFO';
    case 'warn':
      return 'WARN';
    case 'error':
    case 'fatal':
      return 'ERROR';
    default:
      return 'OFF';
  }
}

export const KNOWN_LOGGERS = ['extranet.security', 'extranet.mail', 'extranet.db', 'extranet.web'] as const;

export class LoggerRegistry {
  private readonly root: FastifyBaseLogger;
  private readonly loggers = new Map<string, FastifyBaseLogger>();

  constructor(root: FastifyBaseLogger) {
    this.root = root;
    for (const name of KNOWN_LOGGERS) this.get(name);
  }

  /** The logger of that name, created on first use (as Logback does). */
  get(name: string): FastifyBaseLogger {
    if (name === 'ROOT') return this.root;
    let logger = this.loggers.get(name);
    if (!logger) {
      logger = this.root.child({ logger: name });
      this.loggers.set(name, logger);
    }
    return logger;
  }

  list(): { name: string; level: JavaLevel }[] {
    return [
      { name: 'ROOT', level: toJava(this.root.level) },
      ...[...this.loggers.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, logger]) => ({ name, level: toJava(logger.level) })),
    ];
  }

  setLevel(name: string, level: JavaLevel): void {
    this.get(name).level = TO_PINO[level];
  }
}
