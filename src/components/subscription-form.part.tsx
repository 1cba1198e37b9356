import { lazy, Suspense } from 'react';
import { useBackend } from '../lib/backend.context';
import type { SubscriptionFormProps } from './subscription-form';

// Its own chunk, so the footer on every page keeps the first load within its budget
// (tests/build/bundle-manifest.test.ts). The server renders it in full (it waits for the chunk), and
// the browser keeps that markup, a plain form that posts without script, until the chunk arrives.
const SubscriptionForm = lazy(() => import('./subscription-form').then((module) => ({ default: module.SubscriptionForm })));

/** The subscription form where the backend has subscriptions; nothing (and no download) where it has none. */
export function SubscriptionFormPart(props: SubscriptionFormProps) {
  const { subscriptions } = useBackend();
  if (subscriptions === undefined) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionForm {...props} />
    </Suspense>
  );
}
