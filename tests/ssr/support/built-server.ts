import path from 'node:path';
import { JSDOM } from 'jsdom';
import { inject } from 'vitest';
import { startTestServer, type StartOptions, type TestServer } from '../../server/helpers/test-server';

/** The real server over the real production build, with the sample content. */
export function startBuiltSite(options: StartOptions = {}): Promise<TestServer> {
  const builtDir = inject('builtSiteDir');
  return startTestServer({ ...options, env: { CLIENT_DIR: path.join(builtDir, 'client'), SAMPLE_CONTENT: '1', ...options.env } });
}

export interface Fetched {
  readonly status: number;
  readonly html: string;
  readonly document: Document;
}

/** What a visitor's browser receives before running anything: scripts are never run here. */
export async function fetchPage(server: TestServer, address: string, init?: RequestInit): Promise<Fetched> {
  const response = await fetch(server.baseUrl + address, init);
  const html = await response.text();
  return { status: response.status, html, document: new JSDOM(html).window.document };
}

export function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export function heading(document: Document): string {
  return text(document.querySelector('h1'));
}
