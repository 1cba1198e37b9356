import readline from 'node:readline';
import { Writable } from 'node:stream';

/** Everything on standard input, minus one trailing line break: for `--password-stdin`. */
export async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Asks on the terminal without showing what is typed. */
export async function promptHidden(question: string): Promise<string> {
  const muted = { value: false };
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted.value) process.stdout.write(chunk);
      callback();
    },
  });
  const terminal = readline.createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = new Promise<string>((resolve) => terminal.question(question, resolve));
    muted.value = true;
    return await answer;
  } finally {
    muted.value = false;
    process.stdout.write('\n');
    terminal.close();
  }
}
