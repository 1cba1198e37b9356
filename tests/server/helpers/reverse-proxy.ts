import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { onTestFinished, type TestContext } from 'vitest';
import { freePort } from '../../support/free-port';
import { temporaryDir } from './test-server';

const root = path.resolve(import.meta.dirname, '../../..');

export type ProxyKind = 'nginx' | 'caddy';

const BINARIES: Readonly<Record<ProxyKind, string>> = { nginx: '/usr/sbin/nginx', caddy: '/usr/bin/caddy' };

/**
 * The configuration block docs/operations.md gives for a proxy: the first fenced block after
 * the words 'With Caddy' or 'With nginx'. The test runs what the docs say, so the
 * two cannot drift apart.
 */
export function documentedBlock(kind: ProxyKind): string {
  const docs = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const marker = kind === 'caddy' ? /\bWith Caddy\b/ : /\bWith nginx\b/;
  const start = docs.search(marker);
  const block = start < 0 ? null : /```\n([\s\S]*?)\n\s*```/.exec(docs.slice(start));
  if (block?.[1] === undefined) throw new Error(`docs/operations.md has no ${kind} example.`);
  return block[1]
    .split('\n')
    .map((line) => line.replace(/^ {3}/, ''))
    .join('\n');
}

function nginxConfig(dir: string, port: number, upstream: string): string {
  const block = documentedBlock('nginx').replaceAll('http://127.0.0.1:8080', upstream);
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
${block}
  }
}
`;
}

function caddyConfig(port: number, upstream: string): string {
  const block = documentedBlock('caddy')
    .replace('www.example.org', `http://127.0.0.1:${port}`)
    .replaceAll('127.0.0.1:8080', upstream.replace('http://', ''));
  return `{
  admin off
  auto_https off
}
${block}
`;
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ReverseProxy {
  /** Where a visitor reaches the site through the proxy. */
  readonly baseUrl: string;
}

/**
 * A real nginx or Caddy process on a loopback port in front of `upstream`, configured with the
 * block from docs/operations.md. Skips the test, saying why, when the program is not installed
 * on a developer's machine; under CI (`CI` set, or REQUIRE_REAL_PROXIES=1 as `.ci/run` sets it) a
 * missing proxy fails the test instead, so the holes it guards are never passed unseen.
 */
export async function startReverseProxy(context: TestContext, kind: ProxyKind, upstream: string): Promise<ReverseProxy> {
  const binary = BINARIES[kind];
  const required = (process.env.CI ?? '') !== '' || process.env.REQUIRE_REAL_PROXIES === '1';
  if (!fs.existsSync(binary) && required) {
    throw new Error(`CI must test through a real ${kind}, but ${binary} is missing: .ci/run installs it (apt-get install ${kind})`);
  }
  if (!fs.existsSync(binary)) return context.skip(`needs ${kind} at ${binary} to test through a real reverse proxy (apt-get install ${kind})`);
  const dir = temporaryDir(`proxy-${kind}`);
  const port = await freePort();
  const configFile = path.join(dir, kind === 'nginx' ? 'nginx.conf' : 'Caddyfile');
  fs.writeFileSync(configFile, kind === 'nginx' ? nginxConfig(dir, port, upstream) : caddyConfig(port, upstream));
  const args = kind === 'nginx' ? ['-c', configFile, '-p', dir] : ['run', '--config', configFile, '--adapter', 'caddyfile'];
  const child = spawn(binary, args, {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  // Ready once it accepts connections; bounded, and a proxy that exits says why.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${kind} exited at start:\n${output}`);
    if (await reachable(port)) return { baseUrl: `http://127.0.0.1:${port}` };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${kind} did not start listening on port ${port}:\n${output}`);
}
