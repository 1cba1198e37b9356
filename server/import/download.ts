/** The bytes at a web address; throws with the status when the response is not 200. */
export async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the old site responded ${response.status} ${response.statusText}`.trim());
  }
  return new Uint8Array(await response.arrayBuffer());
}
