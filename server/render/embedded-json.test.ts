import { expect, test } from 'vitest';
import { embeddableJson } from './embedded-json';

const HOSTILE = '</script><script>alert(1)</script> <!-- \u2028 \u2029 & done';

test('a hostile text reads back exactly as it was', () => {
  const value = { posts: [{ title: HOSTILE }] };

  const embedded = embeddableJson(value);

  expect(JSON.parse(embedded)).toEqual(value);
});

test('nothing in the output can end the script element or break a line', () => {
  const embedded = embeddableJson({ title: HOSTILE });

  expect(embedded).not.toMatch(/[<>&\u2028\u2029]/);
});
