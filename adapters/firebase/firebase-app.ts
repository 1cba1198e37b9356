import type { FirebaseApp } from 'firebase/app';
import type { FirebaseConfig } from '../hosted/hosted-env';

/** Gives the one Firebase app, initialising it with the public configuration on first use. */
export type FirebaseAppLoader = () => Promise<FirebaseApp>;

/**
 * The SDK is imported on first use, not at start-up, so a public page's first load carries no
 * Firebase code. `name` keeps apps apart where one process runs several (tests).
 */
export function createFirebaseAppLoader(config: FirebaseConfig, name?: string): FirebaseAppLoader {
  let app: Promise<FirebaseApp> | undefined;
  return () => {
    app ??= import('firebase/app').then(({ getApps, initializeApp }) => {
      const existing = getApps().find((candidate) => candidate.name === (name ?? '[DEFAULT]'));
      return existing ?? initializeApp(config, name);
    });
    return app;
  };
}
