import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { SUBSCRIPTION_PATHS, mailingSchema } from '../contract/subscriptions';
import { API_PATHS, postListSchema } from '../contract/wire';
import { normaliseEmail } from '../src-core/domain/administrator';
import { createSubscribersRepository } from '../server/repositories/subscribers.repository';
import { newToken } from '../server/mail/subscriptions';
import { runBenchOn } from './capacity.part';
import { peakMemoryDuring } from './process-memory';
import { startRealServer } from './real-server';
import { markdownTable, megabytes, percentile, seconds } from './report-format';
import { benchAdministrator, signIn } from './sign-in';
import { REPO_ROOT } from '../tooling/repo-root';

/** The association's whole membership and then some: every one a confirmed subscriber. */
const MAIL_RECIPIENTS = 5_000;
/** Visitors reading the site while the mailing goes out: each asks for a page, reads for a moment, asks again. */
const VISITORS = 2;
const VISITOR_PAUSE_MS = 100;
const IDLE_SECONDS = 5;
const SERVER_CPU = '0';
const SIDE_CPU = '1';
const ALL_CPUS = `0-${os.cpus().length - 1}`;
/** Linux counts a process's CPU time in ticks of 1/100 s (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

export interface MailResult {
  readonly recipients: number;
  readonly sendMs: number;
  readonly mailsPerSecond: number;
  /** Copies the SMTP sink received, and the addresses that got more than one. */
  readonly received: number;
  readonly repeated: number;
  readonly rssBeforeBytes: number;
  readonly rssPeakBytes: number;
  readonly cpuMsPerMail: number;
  /** Of that, the CPU time of the thread that answers requests (the rest is the SMTP worker's and V8's helpers'). */
  readonly requestThreadCpuMsPerMail: number;
  readonly idleP99Ms: number;
  readonly duringP99Ms: number;
  readonly pagesDuring: number;
}

interface Sink {
  readonly port: number;
  /** Stops the sink; the copies it received per recipient address. */
  stop(): Promise<Map<string, number>>;
}

/** Starts bench/smtp-sink.ts in a process of its own. */
async function startSink(workDir: string): Promise<Sink> {
  const file = path.join(workDir, 'smtp-sink-copies.json');
  const child = spawn('taskset', ['-c', SIDE_CPU, process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'bench', 'smtp-sink.ts'), file], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The SMTP sink exited with code ${String(code)}`)));
  });
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      const copies = z.record(z.string(), z.number()).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
      fs.rmSync(file, { force: true });
      return new Map(Object.entries(copies));
    },
  };
}

/** Confirmed subscribers written straight into the server's database (as if they had confirmed over months). */
function addSubscribers(dataDir: string, count: number): void {
  const db = new Database(path.join(dataDir, 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const subscribers = createSubscribersRepository(db);
    const at = Date.now();
    db.transaction(() => {
      for (let n = 1; n <= count; n += 1) {
        const email = `member${n}@example.org`;
        const added = subscribers.addByHand(
          { email, emailKey: normaliseEmail(email), name: `Member ${n}`, form: 'admin', wording: 'Benchmark sample' },
          newToken(),
          at,
        );
        if (added === 'exists') throw new Error(`${email} was already a subscriber.`);
      }
    })();
  } finally {
    db.close();
  }
}

/** CPU time (user and system) the process, or with `thread` one of its threads, has used so far, from /proc. */
function cpuMs(pid: number, thread?: number): number {
  const fields = fs.readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After the command's name: state is field 3, utime 14 and stime 15 (proc(5)).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Visitors asking for the News page one after another until `done` settles; each response's time. */
async function readPagesUntil(origin: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const times: number[] = [];
  async function visitor(): Promise<void> {
    while (!finished) {
      const started = performance.now();
      const response = await fetch(`${origin}/news`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/news answered ${response.status} during the mailing.`);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, VISITOR_PAUSE_MS));
    }
  }
  await Promise.all(Array.from({ length: VISITORS }, visitor));
  return times.sort((a, b) => a - b);
}

async function api<T>(origin: string, cookie: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(origin + route, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A mailing of a news post to 5,000 confirmed subscribers through the real server (as npm start
 * runs it, `MAIL_RATE_PER_MINUTE=0`: as fast as the mail server takes them) to an SMTP sink in this
 * process, while two visitors read the News page.
 */
export async function runMail(options: { readonly workDir: string; readonly log: (line: string) => void }): Promise<MailResult> {
  const { log } = options;
  // The server alone on one CPU, as the mail provider would be another machine: the sink and the
  // visitors (this process) on the other.
  runBenchOn(SIDE_CPU);
  const sink = await startSink(options.workDir);
  let copies: Map<string, number> | undefined;
  const administrator = benchAdministrator();
  const server = await startRealServer({
    workDir: options.workDir,
    maxUploadMb: 10,
    cpus: SERVER_CPU,
    administrator,
    log,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      CONTACT_TO: 'committee@example.org',
      MAIL_FROM: 'website@example.org',
      MAIL_RATE_PER_MINUTE: '0',
    },
  });
  try {
    log(`Adding ${MAIL_RECIPIENTS} confirmed subscribers`);
    addSubscribers(server.dataDir, MAIL_RECIPIENTS);
    const cookie = await signIn(server.origin, administrator);
    const { posts } = postListSchema.parse(await api(server.origin, cookie, 'GET', API_PATHS.posts));
    const post = posts[0];
    if (post === undefined) throw new Error('The sample content has no news post to send.');
    const mailing = mailingSchema.parse(await api(server.origin, cookie, 'POST', SUBSCRIPTION_PATHS.mailings, { source: 'news', ref: post.id }));
    const mailingPath = SUBSCRIPTION_PATHS.mailing.replace(':id', mailing.id);

    // The page rendered once and its code compiled, as on a server that has been up a while.
    for (let warm = 0; warm < 50; warm += 1) await (await fetch(`${server.origin}/news`)).arrayBuffer();
    log(`Reading /news for ${IDLE_SECONDS} s with nothing being sent`);
    const idle = await readPagesUntil(server.origin, new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));

    log(`Sending to ${MAIL_RECIPIENTS} subscribers at an unlimited rate`);
    const cpuBefore = cpuMs(server.pid);
    // The main thread's id is the process's.
    const requestThreadBefore = cpuMs(server.pid, server.pid);
    const started = performance.now();
    const measured = await peakMemoryDuring(server.pid, async () => {
      await api(server.origin, cookie, 'POST', SUBSCRIPTION_PATHS.mailingSend.replace(':id', mailing.id));
      const finished = (async () => {
        for (;;) {
          const { progress } = mailingSchema.parse(await api(server.origin, cookie, 'GET', mailingPath));
          if (progress.waiting === 0) return progress;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      const during = await readPagesUntil(server.origin, finished);
      return { progress: await finished, during };
    });
    const sendMs = performance.now() - started;
    const cpuUsed = cpuMs(server.pid) - cpuBefore;
    const requestThreadUsed = cpuMs(server.pid, server.pid) - requestThreadBefore;
    const { progress, during } = measured.value;
    if (progress.sent !== MAIL_RECIPIENTS) throw new Error(`The mailing ended with ${progress.sent} sent and ${progress.failed} failed, not ${MAIL_RECIPIENTS} sent.`);
    await server.stop();
    copies = await sink.stop();
    const counts = [...copies.values()];
    return {
      recipients: MAIL_RECIPIENTS,
      sendMs,
      mailsPerSecond: MAIL_RECIPIENTS / (sendMs / 1000),
      received: counts.reduce((sum, copies) => sum + copies, 0),
      repeated: counts.filter((copies) => copies > 1).length,
      rssBeforeBytes: measured.beforeBytes,
      rssPeakBytes: measured.peakBytes,
      cpuMsPerMail: cpuUsed / MAIL_RECIPIENTS,
      requestThreadCpuMsPerMail: requestThreadUsed / MAIL_RECIPIENTS,
      idleP99Ms: percentile(idle, 0.99),
      duringP99Ms: percentile(during, 0.99),
      pagesDuring: during.length,
    };
  } finally {
    await server.stop();
    if (copies === undefined) await sink.stop();
    runBenchOn(ALL_CPUS);
  }
}

export function mailTable(result: MailResult): string {
  return markdownTable(
    ['Recipients', 'Time', 'Mails a second', 'Received (repeated)', 'RSS before → peak', 'CPU per mail (request thread)', '/news p99 idle → during'],
    [
      [
        result.recipients,
        seconds(result.sendMs),
        Math.round(result.mailsPerSecond),
        `${result.received} (${result.repeated})`,
        `${megabytes(result.rssBeforeBytes)} → ${megabytes(result.rssPeakBytes)}`,
        `${result.cpuMsPerMail.toFixed(2)} ms (${result.requestThreadCpuMsPerMail.toFixed(2)} ms)`,
        `${result.idleP99Ms.toFixed(1)} ms → ${result.duringP99Ms.toFixed(1)} ms (${result.pagesDuring} pages)`,
      ],
    ],
    [true, true, true, true, false, true, false],
  );
}
