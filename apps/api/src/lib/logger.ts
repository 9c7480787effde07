import type { FastifyServerOptions } from 'fastify';

/** Fields that a terminal line leaves out: the request line's message already says them. */
const PRETTY_IGNORE = 'pid,hostname,reqId,req,res,responseTime';

/**
 * Human-readable logs when stdout is a terminal (pino-pretty), JSON otherwise or where pino-pretty
 * is not installed. Both write synchronously, as console.log does, so that the start messages
 * printed after the server's first log lines appear under them.
 */
export async function loggerOptions(
  level: string,
  terminal = process.stdout.isTTY === true,
): Promise<FastifyServerOptions['logger']> {
  const pretty = terminal ? await import('pino-pretty').catch(() => null) : null;
  if (!pretty) return { level, stream: process.stdout };
  return {
    level,
    stream: pretty.default({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: PRETTY_IGNORE }),
  };
}
