/** The bytes at a web address; throws with the status when the response is not 200. */
export async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  } catch (error) {
    // fetch says only 'fetch failed'; why (no such host, refused, timed out) is in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new Error(`no response from ${new URL(url).host} (${cause instanceof Error ? cause.message : String(cause)})`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the old site responded ${response.status} ${response.statusText}`.trim());
  }
  return new Uint8Array(await response.arrayBuffer());
}
