import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { PDF_PROBLEM_MESSAGES, inspectPdf, pdfProblems } from '../../src-core/domain/pdf-accessibility';
import { inflate } from '../../src/lib/inflate';
import { samplePdf } from '../../server/content/sample-pdf';
import { PDF_SAMPLES, makePdf } from '../support/pdf-samples';

/** poppler's pdfinfo, where installed: a second opinion that the samples are real PDFs with these properties. */
function pdfinfo(bytes: Uint8Array): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rnai-pdf-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'sample.pdf');
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

test('a tagged document with text and a title has nothing to warn about', async () => {
  const bytes = PDF_SAMPLES.accessible();

  const findings = await inspectPdf(bytes, inflate);

  expect(findings).toEqual({ hasText: true, hasTitle: true, isTagged: true });
  expect(pdfProblems(findings ?? { hasText: false, hasTitle: false, isTagged: false })).toEqual([]);
  const info = pdfinfo(bytes);
  if (info !== undefined) {
    expect(info).toMatch(/Title:\s+Annual General Meeting 2026/);
    expect(info).toMatch(/Tagged:\s+yes/);
  }
});

test('a scan has no text a screen reader can read, and no title either', async () => {
  const bytes = PDF_SAMPLES.scan();

  const findings = await inspectPdf(bytes, inflate);

  expect(findings).toEqual({ hasText: false, hasTitle: false, isTagged: false });
  expect(pdfProblems(findings ?? { hasText: true, hasTitle: true, isTagged: true })).toEqual(['no-text', 'no-title']);
  const info = pdfinfo(bytes);
  if (info !== undefined) expect(info).toMatch(/Tagged:\s+no/);
});

test('a document without a title is told so; without tags too', async () => {
  const untitled = await inspectPdf(PDF_SAMPLES.untitled(), inflate);
  const untagged = await inspectPdf(makePdf({ lines: ['Minutes'], title: 'Minutes' }), inflate);

  expect(untitled && pdfProblems(untitled)).toEqual(['no-title']);
  expect(untagged && pdfProblems(untagged)).toEqual(['not-tagged']);
});

test('compressed object streams and a cross-reference stream, as Word writes them, are read the same way', async () => {
  const accessible = await inspectPdf(makePdf({ lines: ['Newsletter'], title: 'Spring newsletter', tagged: true, objectStreams: true }), inflate);
  const scan = await inspectPdf(makePdf({ objectStreams: true }), inflate);

  expect(accessible).toEqual({ hasText: true, hasTitle: true, isTagged: true });
  expect(scan).toEqual({ hasText: false, hasTitle: false, isTagged: false });
  const info = pdfinfo(makePdf({ lines: ['Newsletter'], title: 'Spring newsletter', tagged: true, objectStreams: true }));
  if (info !== undefined) expect(info).toMatch(/Title:\s+Spring newsletter/);
});

test('a title only in the XMP metadata counts as a title', async () => {
  const findings = await inspectPdf(makePdf({ lines: ['Notice'], xmpTitle: 'Notice of meeting', tagged: true }), inflate);

  expect(findings?.hasTitle).toBe(true);
});

test("the site's own sample PDFs have text and a title but no tags", async () => {
  const findings = await inspectPdf(samplePdf('Sample Event', ['A line of text.']), inflate);

  expect(findings).toEqual({ hasText: true, hasTitle: true, isTagged: false });
});

test('what cannot be read this way (not a PDF, encrypted) gives no findings, and so no warning', async () => {
  const encrypted = Buffer.from(
    Buffer.from(PDF_SAMPLES.accessible())
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt 12 0 R'),
    'latin1',
  );

  expect(await inspectPdf(new TextEncoder().encode('Not a PDF at all'), inflate)).toBeUndefined();
  expect(await inspectPdf(new Uint8Array(encrypted), inflate)).toBeUndefined();
});

test('every warning says what is wrong and, in one more sentence, how to put it right', () => {
  for (const message of Object.values(PDF_PROBLEM_MESSAGES)) {
    expect(message.split(/(?<=\.) /)).toHaveLength(2);
  }
});
