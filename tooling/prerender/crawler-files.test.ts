import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { expect, onTestFinished, test } from 'vitest';
import { INDEXED_PAGE_PATHS } from '../../src-core/domain/navigation';
import { writeCrawlerFiles } from './crawler-files';

function clientDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-crawler-files-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('with VITE_PUBLIC_URL the build writes a sitemap of every page without an id and a robots file naming it', () => {
  const dir = clientDir();

  const result = writeCrawlerFiles(dir, 'https://www.example.org/anything');
  const sitemap = new JSDOM(fs.readFileSync(path.join(dir, 'sitemap.xml'), 'utf8'), { contentType: 'application/xml' }).window.document;
  const locations = [...sitemap.querySelectorAll('url > loc')].map((loc) => loc.textContent);

  expect(result).toEqual({ written: ['robots.txt', 'sitemap.xml'] });
  expect(locations).toEqual(INDEXED_PAGE_PATHS.map((page) => `https://www.example.org${page}`));
  expect(fs.readFileSync(path.join(dir, 'robots.txt'), 'utf8')).toBe(
    'User-agent: *\nDisallow: /admin\nDisallow: /login\n\nSitemap: https://www.example.org/sitemap.xml\n',
  );
});

test('without VITE_PUBLIC_URL there is no sitemap (an old one is removed), the robots file names none, and the build says why', () => {
  const dir = clientDir();
  fs.writeFileSync(path.join(dir, 'sitemap.xml'), 'left from an earlier build');

  const result = writeCrawlerFiles(dir, '  ');

  expect(result.written).toEqual(['robots.txt']);
  expect(result.warning).toMatch(/VITE_PUBLIC_URL/);
  expect(fs.existsSync(path.join(dir, 'sitemap.xml'))).toBe(false);
  expect(fs.readFileSync(path.join(dir, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /admin\nDisallow: /login\n');
});

test('a VITE_PUBLIC_URL that is not a web address stops the build, naming the variable', () => {
  const dir = clientDir();

  expect(() => writeCrawlerFiles(dir, 'www.example.org')).toThrow(/VITE_PUBLIC_URL: must be the address visitors use/);
  expect(() => writeCrawlerFiles(dir, 'ftp://www.example.org')).toThrow(/VITE_PUBLIC_URL/);
});
