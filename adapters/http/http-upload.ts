import type { UploadProgress } from '../../src-core/ports/storage.port';
import { CANCELED_MESSAGE, UNAVAILABLE_MESSAGE } from './http-errors';
import { CoreError } from '../../src-core/domain/core-error';

export interface UploadResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export interface UploadTransferOptions {
  readonly url: string;
  readonly data: Blob;
  readonly signal: AbortSignal;
  readonly onProgress?: (progress: UploadProgress) => void;
}

export type UploadTransfer = (options: UploadTransferOptions) => Promise<UploadResponse>;

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function contentTypeOf(data: Blob): string {
  return data.type === '' ? 'application/octet-stream' : data.type;
}

function canceled(): CoreError {
  return new CoreError('canceled', CANCELED_MESSAGE);
}

function headersFromXhr(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** In the browser: XMLHttpRequest, the only API that reports upload progress over HTTP/1.1. */
export const xhrTransfer: UploadTransfer = ({ url, data, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(canceled());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', contentTypeOf(data));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({ bytesTransferred: event.loaded, totalBytes: event.lengthComputable ? event.total : data.size });
    });
    xhr.addEventListener('load', () => {
      resolve({ status: xhr.status, headers: headersFromXhr(xhr), body: parseJson(xhr.responseText) });
    });
    xhr.addEventListener('error', () => reject(new CoreError('unavailable', UNAVAILABLE_MESSAGE)));
    xhr.addEventListener('timeout', () => reject(new CoreError('unavailable', UNAVAILABLE_MESSAGE)));
    xhr.addEventListener('abort', () => reject(canceled()));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });

const PIECE_BYTES = 64 * 1024;

/**
 * Where there is no XMLHttpRequest (Node): a fetch whose body is a stream that counts the
 * bytes as the connection pulls them, so progress follows the real transfer.
 */
export function createStreamingFetchTransfer(fetchImpl: typeof fetch): UploadTransfer {
  return async ({ url, data, signal, onProgress }) => {
    const reader = data.stream().getReader();
    let pending: Uint8Array | undefined;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (pending === undefined || pending.byteLength === 0) {
            const { done, value } = await reader.read();
            if (done) {
              controller.close();
              return;
            }
            pending = value;
          }
          // Small pieces, pulled only as the connection takes them, so progress tracks the socket.
          const piece = pending.subarray(0, PIECE_BYTES);
          pending = pending.subarray(piece.byteLength);
          controller.enqueue(piece);
          sent += piece.byteLength;
          onProgress?.({ bytesTransferred: sent, totalBytes: data.size });
        },
        cancel(reason) {
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': contentTypeOf(data), accept: 'application/json' },
        body,
        signal,
        credentials: 'same-origin',
        // Node's fetch streams a request body only in half-duplex mode.
        duplex: 'half',
      } as RequestInit);
      return { status: response.status, headers: response.headers, body: parseJson(await response.text()) };
    } catch (error) {
      if (signal.aborted) throw canceled();
      throw new CoreError('unavailable', UNAVAILABLE_MESSAGE, { cause: error });
    }
  };
}
