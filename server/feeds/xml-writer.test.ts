import { JSDOM } from 'jsdom';
import { expect, test } from 'vitest';
import { escapeXml, xml, xmlDocument } from './xml-writer';

function parse(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

test('the five special characters are escaped in text and in attributes, and read back as written', () => {
  const hostile = `Tom & Jerry's <b>"best"</b> 🎉 Ná ]]> &amp;`;

  const document = parse(xmlDocument(xml('root', { title: hostile }, xml('text', {}, hostile))));

  expect(document.documentElement.getAttribute('title')).toBe(hostile);
  expect(document.querySelector('text')?.textContent).toBe(hostile);
});

test('characters XML 1.0 forbids are left out, tab, line feed, carriage return and astral characters kept', () => {
  // A low surrogate before a high one: two lone halves, not a pair.
  const forbidden = '\u0000\u0001\u0008\u000b\u000c\u000e\u001f\udfff\ud800\ufffe\uffff';

  expect(escapeXml(`a${forbidden}b\t\n\r😀\u00e9\ue000\ufffd`)).toBe('ab\t\n\r😀\u00e9\ue000\ufffd');
  expect(() => parse(xmlDocument(xml('root', { a: forbidden }, forbidden)))).not.toThrow();
});

test('an optional child left undefined is not written, and an empty element closes itself', () => {
  expect(xmlDocument(xml('root', {}, undefined, xml('empty', { a: '1' })))).toBe('<?xml version="1.0" encoding="utf-8"?>\n<root>\n  <empty a="1"/>\n</root>\n');
});

test('element and attribute names are ours: one that is not a name is a mistake in the code', () => {
  expect(() => xmlDocument(xml('bad name'))).toThrow(/Not an XML name/);
  expect(() => xmlDocument(xml('root', { 'on"x': '1' }))).toThrow(/Not an XML name/);
});
