import type { FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

const ERROR_LEVEL = 50;

/**
 * What stream helpers report when a stream closes before it ends: the response's stream is
 * closed that way when the client goes away mid-response ('premature close' from end-of-stream;
 * Node's own carries a code). A real failure while
 * responding (a file that cannot be read, a compressor fault) is reported as itself instead.
 */
function isPrematureClose(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return value.message === 'premature close' || ('code' in value && value.code === 'ERR_STREAM_PREMATURE_CLOSE');
}

function errorIn(args: readonly unknown[]): unknown {
  const [first] = args;
  if (first instanceof Error) return first;
  return typeof first === 'object' && first !== null && 'err' in first ? first.err : undefined;
}

/**
 * pino's logMethod hook. The compression plugin logs any error of its stream at error level, so
 * a visitor closing a tab mid-download, or every connection a load test leaves open at its end,
 * would make an error line. Such a line is written at info, as Fastify logs its own premature
 * closes; every other error stays an error.
 */
export const logClientDisconnectsAsInfo: LogMethodHook = function (args, method, level) {
  if (level >= ERROR_LEVEL && isPrematureClose(errorIn(args))) {
    this.info({ event: 'client-went-away' }, 'The client went away before the response was complete');
    return;
  }
  method.apply(this, args);
};
