import { MEMBERSHIP_MESSAGES, type ApplicationRequest } from '../../contract/membership';
import { normaliseEmail } from '../../src-core/domain/administrator';
import { isCoreError } from '../../src-core/domain/core-error';
import type { Clock } from '../clock';
import { retryWhenBusy } from '../db/retry-when-busy';
import { HOURLY_WINDOW_MS, limitKey, refuseOverLimit } from '../http/hourly-limit';
import { REPEAT_WINDOW_MS, type IntakeOutcome } from '../http/submission-key';
import type { Subscriptions } from '../mail/subscriptions';
import type { ApplicationsRepository } from '../repositories/applications.repository';
import type { BranchesRepository } from '../repositories/branches.repository';
import type { MailQueueRepository } from '../repositories/mail-queue.repository';
import { checkedApplication } from './application-fields';

/** Applications with one e-mail address in an hour: a second try after a mistake, not a flood. */
const MAX_PER_ADDRESS = 3;
/** From one network address in an hour: loose, because a care home or a family shares one connection. */
const MAX_PER_NETWORK = 30;

export interface ApplicationIntake {
  /**
   * Checks an application, stores it (committed) and only then queues its mails: the
   * acknowledgement to the applicant when they gave an e-mail address, and a notice naming only
   * the applicant to the committee. The caller answers every accepted application the same way.
   * `submissionKey` is the key the browser made for this submission, if it sent one.
   * @throws CoreError 'invalid-input' (with a message per field) or 'too-many-requests'.
   */
  accept(request: ApplicationRequest, senderAddress: string, submissionKey?: string): Promise<IntakeOutcome>;
}

export interface ApplicationIntakeDeps {
  readonly applications: ApplicationsRepository;
  readonly branches: BranchesRepository;
  readonly queue: MailQueueRepository;
  readonly subscriptions: Subscriptions;
  readonly clock: Clock;
  /** The committee's address (CONTACT_TO); undefined when mail is not set up. */
  readonly committeeAddress: string | undefined;
  readonly onQueued: () => void;
  /** Told when the newsletter box could not be acted on; the application stands regardless. */
  readonly onNewsletterRefused: (error: unknown) => void;
}

export function createApplicationIntake(deps: ApplicationIntakeDeps): ApplicationIntake {
  const { applications, queue, clock } = deps;
  return {
    async accept(request, senderAddress, submissionKey) {
      const application = checkedApplication(request, deps.branches);
      if ((request.website ?? '').trim() !== '') return { kind: 'dropped-robot' };
      const now = clock();
      const since = now - HOURLY_WINDOW_MS;
      const senderKey = limitKey('apply', senderAddress);
      // Counted by a hash of the address; an application without one is counted by the network only.
      const emailKey = limitKey('apply-email', application.emailKey ?? `none:${senderKey}`);
      const outcome = await retryWhenBusy(() =>
        applications.transaction(() => {
          // Before the limits: a request repeated over a dropped connection is not a second try.
          const earlier = applications.findRepeat(application, submissionKey, now - REPEAT_WINDOW_MS);
          if (earlier !== undefined) return { kind: 'repeated', id: earlier.id } as const;
          if (application.emailKey !== null) {
            refuseOverLimit(applications.recentForEmail(emailKey, since), MAX_PER_ADDRESS, MEMBERSHIP_MESSAGES.tooManyForAddress, now);
          }
          refuseOverLimit(applications.recentFromNetwork(senderKey, since), MAX_PER_NETWORK, MEMBERSHIP_MESSAGES.tooManyFromConnection, now);
          applications.countRequest(emailKey, senderKey, now);
          return { kind: 'stored', row: applications.insert(application, now, submissionKey) } as const;
        }),
      );
      if (outcome.kind === 'repeated') return outcome;
      const stored = outcome.row;
      // Queued after the application is committed: a failure here leaves it stored, never lost.
      const committee = deps.committeeAddress;
      await retryWhenBusy(() =>
        applications.transaction(() => {
          if (stored.email !== null && stored.email_key !== null) {
            queue.enqueue({ kind: 'application-received', address: stored.email, addressKey: stored.email_key, applicationId: stored.id }, now);
          }
          if (committee !== undefined) {
            queue.enqueue({ kind: 'application-notice', address: committee, addressKey: normaliseEmail(committee), applicationId: stored.id }, now);
          }
        }),
      );
      if (application.newsletter && application.email !== null) {
        try {
          // The subscription form's own double opt-in: a confirmation, nothing more until confirmed.
          await deps.subscriptions.request({ email: application.email, name: application.name, form: 'join' }, senderAddress);
        } catch (error) {
          if (!isCoreError(error)) throw error;
          deps.onNewsletterRefused(error);
        }
      }
      deps.onQueued();
      return { kind: 'stored', id: stored.id };
    },
  };
}
