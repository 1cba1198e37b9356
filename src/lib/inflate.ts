/**
 * Decompresses zlib data (a PDF's FlateDecode stream) with the browser's own
 * DecompressionStream: no library in the bundle. Node has the same class, so tests run it as is.
 */
export async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
