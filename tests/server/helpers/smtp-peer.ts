import { onTestFinished } from 'vitest';
import { startSmtpPeer as startPeer, type SmtpPeer, type SmtpPeerOptions } from '../../support/smtp-peer';

/** The real SMTP peer (tests/support/smtp-peer.ts) for one test: closed when the test finishes. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const peer = await startPeer(options);
  onTestFinished(() => peer.close());
  return peer;
}
