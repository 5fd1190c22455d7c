import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import type { Config } from './config'
import { isApiPath } from './errors'

/** Levels at which the line of a request served without error is written. */
const REQUEST_LEVELS = new Set(['trace', 'debug', 'info'])

// Fastify's default writes two lines per request ("incoming request", "request completed");
// one line with method, path, status and duration is easier to read and to grep.
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  // The completion line already says 404; no second "route not found" line.
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // At the default level (warn) only errors are written: build nothing for the rest.
    if (!error && !REQUEST_LEVELS.has(reply.log.level)) return
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    // A page load fetches a dozen files of the web app: one line each would drown the API's
    // lines at the default level, so files served fine are logged at debug.
    else if (reply.statusCode < 400 && !isApiPath(request.url.split('?')[0]))
      reply.log.debug(line, 'file')
    else reply.log.info(line, 'request')
  }
}

/**
 * Logger settings for the app. Request and response bodies are never logged (Fastify does not
 * by default, and our serializers add nothing), and the Authorization header is redacted in
 * case a plugin ever logs headers: passwords and tokens must not reach the logs.
 */
export type LoggerConfig = Exclude<FastifyServerOptions['logger'], boolean | undefined>

export function loggerOptions(config: Pick<Config, 'logLevel'>): {
  logger: LoggerConfig
  logController: LogController
} {
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
    },
    logController: new OneLinePerRequest(),
  }
}
