/** The weight a client gives each content coding it names, '*' and 'identity' included. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.split(';');
    const name = token.trim().toLowerCase();
    if (name === '') continue;
    const q = parameters.map((parameter) => parameter.trim().toLowerCase()).find((parameter) => parameter.startsWith('q='));
    // No weight is 1, an unreadable one is 0.
    named.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number.parseFloat(q.slice(2)) || 0);
  }
  return named;
}

/**
 * Which of `offered` (in the server's order of preference) a client's Accept-Encoding asks for:
 * the one it weighs highest, the earlier on a tie; undefined when it names none of them, prefers
 * the plain bytes, or sent no header (which asks for nothing in particular).
 */
export function preferredEncoding<Encoding extends string>(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (header === undefined) return undefined;
  const named = weights(header);
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of offered) {
    const weight = named.get(encoding) ?? named.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  const identity = named.get('identity');
  return identity !== undefined && identity > bestWeight ? undefined : best;
}
