import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, once answered (Fastify's own writes two: one when the request comes
 * in, one when it is completed). The message reads on its own in a terminal; `req`, `res` and
 * `responseTime` carry the same for JSON logs.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}
