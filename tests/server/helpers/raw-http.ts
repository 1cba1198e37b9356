import http from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A request whose path goes on the wire exactly as written. fetch and URL would tidy
 * '../', backslashes and percent-encoded letters away before the server ever saw them.
 */
export function rawRequest(baseUrl: string, rawPath: string, options: http.RequestOptions & { body?: string } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const { body, ...requestOptions } = options;
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET', agent: false, ...requestOptions }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
