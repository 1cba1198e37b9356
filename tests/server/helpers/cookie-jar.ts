/**
 * A fetch that keeps cookies between requests, as a browser would for its own site. It is the
 * test's network edge: the code under test still makes real requests to the real server.
 */
export interface CookieJarFetch {
  readonly fetch: typeof fetch;
  /** The cookies held now, by name. */
  readonly cookies: Map<string, string>;
  /** Every Set-Cookie header received, in order. */
  readonly setCookieHeaders: string[];
}

function expired(attributes: string[]): boolean {
  return attributes.some((attribute) => {
    const [key, value = ''] = attribute.split('=');
    const name = key?.trim().toLowerCase();
    if (name === 'max-age') return Number(value) <= 0;
    if (name === 'expires') return Date.parse(value) <= Date.now();
    return false;
  });
}

export function createCookieJarFetch(defaults: { headers?: Record<string, string> } = {}): CookieJarFetch {
  const cookies = new Map<string, string>();
  const setCookieHeaders: string[] = [];
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(defaults.headers ?? {})) if (!headers.has(name)) headers.set(name, value);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const header of response.headers.getSetCookie()) {
      setCookieHeaders.push(header);
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || expired(attributes)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return { fetch: jarFetch, cookies, setCookieHeaders };
}
