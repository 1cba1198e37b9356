import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type Mail from 'nodemailer/lib/mailer';
import type { SmtpFailure, SmtpReply, SmtpRequest, SmtpWorkerSettings } from './smtp-messages';

/** How the server hands mail to the mail server: every queue's messages go through this one. */
export interface SmtpTransport {
  /** Sends one message; rejects with the mail server's error (its `responseCode` kept) when it was not taken. */
  send(message: Mail.Options): Promise<void>;
  /** Ends the connection and the worker; messages still being sent are answered first. */
  close(): Promise<void>;
}

/**
 * The worker's heap is its own. Sending keeps little alive (one message at a time), so a small
 * heap is enough, and resident memory does not grow with the length of a mailing.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };
/** A worker that has not ended this long after being asked to is stopped. */
const CLOSE_WAIT_MS = 5_000;

/** The worker's module: smtp.worker.ts beside this file, or .js once the server is compiled. */
function workerModule(): string {
  const here = fileURLToPath(import.meta.url);
  const modulePath = path.join(path.dirname(here), `smtp.worker${path.extname(here)}`);
  // A build that leaves the worker out would otherwise be found at the first mail, not at start.
  if (!fs.existsSync(modulePath)) throw new Error(`The SMTP worker's module is missing: ${modulePath}`);
  return modulePath;
}

function smtpError(failure: SmtpFailure): Error {
  return Object.assign(new Error(failure.message), { responseCode: failure.responseCode, code: failure.code });
}

interface Pending {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Starts the SMTP worker (server/mail/smtp.worker.ts), which makes and sends each message away
 * from the thread that answers requests. A worker that fails is logged, its messages in flight
 * fail as temporary (the queue tries them again), and the next message starts a new one.
 */
export function startSmtpTransport(options: { readonly smtpUrl: string; readonly syncBeforeSend: string; readonly log: FastifyBaseLogger }): SmtpTransport {
  const { log } = options;
  const modulePath = workerModule();
  const settings: SmtpWorkerSettings = { smtpUrl: options.smtpUrl, syncBeforeSend: options.syncBeforeSend };
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closing = false;
  let current: { worker: Worker; ended: Promise<void> } | undefined;

  function settle(id: number, failure?: SmtpFailure): void {
    const waiting = pending.get(id);
    if (waiting === undefined) return;
    pending.delete(id);
    if (failure === undefined) waiting.resolve();
    else waiting.reject(smtpError(failure));
  }

  function failAll(reason: string): void {
    for (const id of [...pending.keys()]) settle(id, { message: reason, responseCode: undefined, code: 'EWORKER' });
  }

  function start(): { worker: Worker; ended: Promise<void> } {
    const worker = new Worker(modulePath, { workerData: settings, resourceLimits: WORKER_LIMITS });
    // Never what keeps the process alive: closing the server ends it (close below).
    worker.unref();
    let failed = false;
    worker.on('message', (reply: SmtpReply) => {
      if (reply.type === 'log') {
        const fields = { event: reply.event, reason: reply.failure.message, code: reply.failure.code };
        if (reply.level === 'error') log.error(fields, reply.text);
        else log.warn(fields, reply.text);
        return;
      }
      settle(reply.id, reply.type === 'failed' ? reply.failure : undefined);
    });
    worker.on('error', (error) => {
      failed = true;
      log.error({ event: 'smtp-worker-failed', err: error }, 'The SMTP worker failed; messages being sent are tried again');
    });
    const ended = new Promise<void>((resolve) => {
      worker.once('exit', (code) => {
        if (current?.worker === worker) current = undefined;
        if (!closing && !failed && code !== 0) log.error({ event: 'smtp-worker-exited', code }, 'The SMTP worker stopped; the next message starts a new one');
        failAll('The SMTP worker stopped before the mail server answered.');
        resolve();
      });
    });
    return { worker, ended };
  }

  current = start();

  return {
    send(message) {
      if (closing) return Promise.reject(new Error('Mail is no longer being sent: the server is stopping.'));
      current ??= start();
      const { worker } = current;
      const id = nextId;
      nextId += 1;
      const request: SmtpRequest = { type: 'send', id, message };
      return new Promise<void>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          worker.postMessage(request);
        } catch (error) {
          // A message that cannot be copied to the worker never reaches it.
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
    async close() {
      closing = true;
      const running = current;
      if (running === undefined) return;
      const close: SmtpRequest = { type: 'close' };
      running.worker.postMessage(close);
      const timer = setTimeout(() => void running.worker.terminate(), CLOSE_WAIT_MS);
      await running.ended;
      clearTimeout(timer);
    },
  };
}
