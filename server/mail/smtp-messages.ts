import type Mail from 'nodemailer/lib/mailer';

/**
 * What the server and the SMTP worker (server/mail/smtp.worker.ts) say to each other. Only types
 * live here: the worker imports nothing of ours at run time, so Node loads its TypeScript as it is
 * (under the tests) and the build needs no shared chunk for it.
 */

/** Given to the worker when it starts. */
export interface SmtpWorkerSettings {
  readonly smtpUrl: string;
  /** A file synced to disk before each message is sent: the database's log, which holds the message's claim. */
  readonly syncBeforeSend: string;
}

export type SmtpRequest =
  /** One message to hand to the mail server; answered by a reply with the same id. */
  | { readonly type: 'send'; readonly id: number; readonly message: Mail.Options }
  /** Close the connection and end: nothing more will be sent. */
  | { readonly type: 'close' };

/** A mail server's refusal as the queue needs it: its words, and its reply code when there was one. */
export interface SmtpFailure {
  readonly message: string;
  readonly responseCode: number | undefined;
  readonly code: string | undefined;
}

export type SmtpReply =
  | { readonly type: 'sent'; readonly id: number }
  | { readonly type: 'failed'; readonly id: number; readonly failure: SmtpFailure }
  /** Something the server's log should say that belongs to no one message (an idle connection dropped). */
  | { readonly type: 'log'; readonly level: 'warn' | 'error'; readonly event: string; readonly text: string; readonly failure: SmtpFailure };
