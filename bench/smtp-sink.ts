/**
 * A real SMTP server that takes every message and keeps only who it was for: the mail provider at
 * no cost, for the mail part (bench/mail.part.ts). It runs in a process of its own so that taking
 * 500 mails a second does not slow the benchmark's own timing of pages. Prints `listening PORT`;
 * on SIGTERM writes the copies each address received to the file named by its argument, and exits.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const file = process.argv[2];
if (file === undefined) throw new Error('Usage: smtp-sink.ts COUNTS_FILE');
const copies: Record<string, number> = {};
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      for (const recipient of session.envelope.rcptTo) copies[recipient.address] = (copies[recipient.address] ?? 0) + 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  fs.writeFileSync(file, JSON.stringify(copies));
  server.close(() => process.exit(0));
});
