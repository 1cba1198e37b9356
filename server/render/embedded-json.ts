const UNSAFE_IN_SCRIPT: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that can sit inside a `<script type="application/json">` element: no `</script>` or
 * `<!--` can end or change the element, and no line separator can break a reader that treats
 * the text as script. JSON.parse reads the escapes back as the same characters.
 */
export function embeddableJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => UNSAFE_IN_SCRIPT[character] ?? character);
}
