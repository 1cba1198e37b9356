import { expect, test } from 'vitest';
import { readCommand } from './cli-options';

test('no arguments measure every part with the documented defaults', () => {
  const command = readCommand([]);

  expect(command.kind).toBe('run');
  if (command.kind !== 'run') return;
  expect([...command.parts]).toEqual(['pages', 'bundles', 'memory', 'load', 'upload', 'capacity', 'pdf', 'search', 'mail', 'members', 'pictures']);
  expect(command.runs).toBe(3);
  expect(command.load).toMatchObject({ connections: 50, durationSeconds: 10 });
  expect(command.uploadSizesMb).toEqual([20, 200]);
});

test('one part with options, and the reproduce line repeats exactly those options', () => {
  const command = readCommand(['pages', '--routes', 'news,events', '--runs', '5']);

  expect(command.kind === 'run' && [...command.parts]).toEqual(['pages']);
  expect(command.kind === 'run' && command.routes).toEqual(['news', 'events']);
  expect(command.kind === 'run' && command.reproduce.pages).toBe(' --routes news,events --runs 5');
});

test('an unknown part or route is refused with the parts or usage named', () => {
  expect(() => readCommand(['page'])).toThrow(/Unknown part\(s\): page\. Parts: pages, bundles, memory, load, upload, capacity, pdf/);
  expect(() => readCommand(['pages', '--routes', 'home,blog'])).toThrow(/Unknown route blog/);
  expect(() => readCommand(['load', '--duration=0'])).toThrow(/Not a list of positive numbers: 0/);
});

test('compare takes the earlier file and defaults the later one to latest.json', () => {
  const command = readCommand(['compare', 'bench/baselines/before-ssr.json']);

  expect(command).toMatchObject({ kind: 'compare', older: 'bench/baselines/before-ssr.json' });
  expect(command.kind === 'compare' && command.newer.endsWith('bench-results/latest.json')).toBe(true);
});
