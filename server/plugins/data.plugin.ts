import fp from 'fastify-plugin';
import { FOLDERS } from '../../src-core/domain/stored-file';
import type { Config } from '../config';
import { createBranchesRepository } from '../repositories/branches.repository';
import type { Clock } from '../clock';
import { createContentVersion, type ContentVersion } from '../content/content-version';
import { outsideWriteFingerprint } from '../content/outside-writes';
import { addSampleBranchContent, loadSampleContent } from '../content/sample-content';
import { startPublishTimer } from '../content/publish-timer';
import { useServingBusyTimeout, type Db } from '../db/database';
import { createSpaceReserve, openOnAnyDisk, type SpaceReserve } from '../db/space-reserve';
import { lockDataDirectory, type DataDirectoryLock } from '../db/data-directory-lock';
import { createEventFiles, type EventFiles } from '../events/event-files';
import { createFileStore, folderDirectory, type FileStore } from '../files/file-store';
import { createResponseCache, type ResponseCache } from '../http/response-cache';
import { createAccountsRepository, type AccountsRepository } from '../repositories/accounts.repository';
import { createAuditRepository, type AuditRepository } from '../repositories/audit.repository';
import { createInvitationsRepository, type InvitationsRepository } from '../repositories/invitations.repository';
import { createKnownBrowsersRepository, type KnownBrowsersRepository } from '../repositories/known-browsers.repository';
import { createTrustedBrowsersRepository, type TrustedBrowsersRepository } from '../repositories/trusted-browsers.repository';
import { createPendingSignInsRepository, type PendingSignInsRepository } from '../repositories/pending-sign-ins.repository';
import { createTwoStepRepository, type TwoStepRepository } from '../repositories/two-step.repository';
import {
  createAssociationDetailsRepository,
  type AssociationDetailsRepository,
} from '../repositories/association-details.repository';
import {
  createContactMessagesRepository,
  type ContactMessagesRepository,
} from '../repositories/contact-messages.repository';
import { createEventDetailsRepository } from '../repositories/event-details.repository';
import { createPostsRepository, type PostsRepository } from '../repositories/posts.repository';
import { createPictures, type Pictures } from '../pictures/pictures';
import { createSessionsRepository, type SessionsRepository } from '../repositories/sessions.repository';
import {
  createSignInFailuresRepository,
  type SignInFailuresRepository,
} from '../repositories/sign-in-failures.repository';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    db: Db;
    posts: PostsRepository;
    files: FileStore;
    /** Posts' pictures, prepared one at a time off the request's path. */
    pictures: Pictures;
    /** The association's details, shown on every page. */
    associationDetails: AssociationDetailsRepository;
    /** The events folder's files with their details, kept together. */
    events: EventFiles;
    /** Changes with every change to posts, files, events or the details, which invalidates the caches. */
    contentVersion: ContentVersion;
    /** Public API and calendar responses, cached until the content changes. */
    responseCache: ResponseCache;
    accounts: AccountsRepository;
    /** Invitations to the team still waiting to be accepted. */
    invitations: InvitationsRepository;
    sessions: SessionsRepository;
    signInFailures: SignInFailuresRepository;
    contactMessages: ContactMessagesRepository;
    knownBrowsers: KnownBrowsersRepository;
    trustedBrowsers: TrustedBrowsersRepository;
    twoStep: TwoStepRepository;
    pendingSignIns: PendingSignInsRepository;
    auditTrail: AuditRepository;
    /** Room kept on the disk for what must be written when it is full. */
    spaceReserve: SpaceReserve;
  }
}

function withLockReleasedOnFailure<T>(lock: DataDirectoryLock, open: () => T): T {
  try {
    return open();
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Opens the data directory: the database (migrated) and the stored files, and closes them last. */
export const dataPlugin = fp<{ config: Config; clock: Clock }>(
  async (app, { config, clock }) => {
    // First of all: a second server on this data directory must not clean up the first one's uploads.
    const lock = lockDataDirectory(config.dataDir);
    const { db, created } = withLockReleasedOnFailure(lock, () => openOnAnyDisk(config.dataDir, app.log));
    // Writes through the server's own repositories increment the version, which invalidates the caches, at once; those made by
    // another process (the admin command) are noticed within a second.
    const contentVersion = createContentVersion({
      outside: outsideWriteFingerprint(db, FOLDERS.map((folder) => folderDirectory(config.dataDir, folder))),
      // A scheduled post is published by the clock alone (server/content/publish-timer.ts).
      scheduled: { nextAt: () => posts.nextPublishAt(), clock },
    });
    const files = createFileStore(config.dataDir, { onChange: contentVersion.changed });
    await files.clearTemporary();
    const posts = createPostsRepository(db, { onChange: contentVersion.changed, clock });
    // Every page's footer shows the details, so a change invalidates every cached page.
    const associationDetails = createAssociationDetailsRepository(db, { onChange: contentVersion.changed });
    const events = createEventFiles({
      files,
      details: createEventDetailsRepository(db, { onChange: contentVersion.changed }),
      timeZone: config.timeZone,
      onChange: contentVersion.changed,
    });
    const orphans = await events.sweep();
    if (orphans > 0) app.log.info({ event: 'event-details-swept', count: orphans }, 'Forgot the details of event files no longer there');

    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('db', db);
    app.decorate('posts', posts);
    app.decorate('files', files);
    const pictures = createPictures({ db, dataDir: config.dataDir, temporaryDir: files.temporaryDir, clock, log: app.log });
    app.decorate('pictures', pictures);
    app.decorate('associationDetails', associationDetails);
    app.decorate('events', events);
    app.decorate('contentVersion', contentVersion);
    app.decorate('responseCache', createResponseCache(contentVersion, clock));
    app.decorate('accounts', createAccountsRepository(db));
    app.decorate('invitations', createInvitationsRepository(db));
    app.decorate('sessions', createSessionsRepository(db));
    app.decorate('signInFailures', createSignInFailuresRepository(db));
    app.decorate('contactMessages', createContactMessagesRepository(db));
    app.decorate('knownBrowsers', createKnownBrowsersRepository(db));
    app.decorate('trustedBrowsers', createTrustedBrowsersRepository(db));
    app.decorate('twoStep', createTwoStepRepository(db));
    app.decorate('pendingSignIns', createPendingSignInsRepository(db));
    app.decorate('auditTrail', createAuditRepository(db));
    const spaceReserve = createSpaceReserve(config.dataDir, app.log);
    app.decorate('spaceReserve', spaceReserve);
    // Start-up may wait for another process as before; once serving, nothing waits on the event loop.
    app.addHook('onReady', async () => {
      useServingBusyTimeout(db);
      spaceReserve.keep();
    });
    const publishTimer = startPublishTimer(contentVersion, clock);
    app.addHook('onClose', async () => {
      publishTimer.stop();
      // A picture being prepared finishes first: its record is written before the database closes.
      await pictures.idle();
      db.close();
      lock.release();
    });

    if (created && config.sampleContent) {
      await loadSampleContent({ posts, files, events, details: associationDetails, timeZone: config.timeZone, now: clock() });
      const branches = createBranchesRepository(db);
      branches.addSamples();
      await addSampleBranchContent({ branches, posts, events, now: clock() });
      app.log.info('Loaded sample content into the new data directory. Set SAMPLE_CONTENT=0 to start empty.');
    }
  },
  { name: 'data' },
);
