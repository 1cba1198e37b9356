/**
 * The SMTP worker: a thread of the server (started by server/mail/smtp-transport.ts) that turns
 * each message into MIME and hands it to the mail server through one kept-open connection. Making
 * a message (nodemailer builds it through streams and encoders) is most of the CPU time and the
 * garbage of a send; here it is collected in this thread's own heap, so a mailing to thousands
 * never pauses the thread that answers page requests.
 *
 * It imports only Node's modules and nodemailer, and our types: Node runs this file as it is from
 * TypeScript under the tests, and the build compiles it to smtp.worker.js beside the server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import type { SmtpFailure, SmtpReply, SmtpRequest, SmtpWorkerSettings } from './smtp-messages';

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/**
 * This thread's nice value (Linux: one thread's, not the process's). Mail can wait a few
 * milliseconds; a reader should not: on a server with a single CPU, the thread answering pages
 * runs first whenever it has work, and the mail takes the rest of the CPU.
 */
const MAIL_NICE = 10;

const port = parentPort;
if (port === null) throw new Error('The SMTP worker runs as a thread of the server (server/mail/smtp-transport.ts).');
const settings = workerData as SmtpWorkerSettings;

if (process.platform === 'linux') {
  try {
    os.setPriority(MAIL_NICE);
  } catch {
    // Only a nicety: without it the mail shares the CPU evenly, as before.
  }
}

function failureOf(error: unknown): SmtpFailure {
  if (!(error instanceof Error)) return { message: String(error), responseCode: undefined, code: undefined };
  const { responseCode, code } = error as Error & { responseCode?: unknown; code?: unknown };
  return {
    message: error.message,
    responseCode: typeof responseCode === 'number' ? responseCode : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function reply(message: SmtpReply): void {
  port?.postMessage(message);
}

// One connection kept open for the whole queue: a mailing of thousands is not thousands of handshakes.
const transport = nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: 1, maxMessages: 1_000, ...SMTP_TIMEOUTS });
transport.on('error', (error) => {
  reply({ type: 'log', level: 'warn', event: 'smtp-connection-failed', text: 'The connection to the mail server failed; the next message opens a new one', failure: failureOf(error) });
});

/**
 * Puts the message's claim on the disk before the mail server sees the message: the queue
 * committed it without waiting for the disk (server/db/synced-later.ts). Should this fail, the
 * message is not sent; the queue tries it again.
 */
async function syncClaim(): Promise<void> {
  const log = await fs.open(settings.syncBeforeSend, 'r');
  try {
    await log.sync();
  } finally {
    await log.close();
  }
}

let sending = 0;
let closing = false;

/** Ends the thread once every message it was given is answered: closing the port lets it exit. */
function closeWhenDone(): void {
  if (!closing || sending > 0) return;
  transport.close();
  port?.close();
}

port.on('message', (request: SmtpRequest) => {
  if (request.type === 'close') {
    closing = true;
    closeWhenDone();
    return;
  }
  const { id, message } = request;
  sending += 1;
  syncClaim()
    .then(() => transport.sendMail(message))
    .then(
      () => reply({ type: 'sent', id }),
      (error: unknown) => reply({ type: 'failed', id, failure: failureOf(error) }),
    )
    .finally(() => {
      sending -= 1;
      closeWhenDone();
    });
});
