import { Suspense, use } from 'react';
import { useBackend } from '../lib/backend.context';
import { readable } from '../lib/readable-promise';
import type { SubscriptionForm, SubscriptionFormProps } from './subscription-form';

interface FormModule {
  readonly SubscriptionForm: typeof SubscriptionForm;
}

// Its own chunk, so the footer on every page keeps the first load within its budget
// (tests/build/bundle-manifest.test.ts). The server renders it in full (it waits for the chunk), and
// the browser keeps that markup, a plain form that posts without script, until the chunk arrives.
let formCode: Promise<FormModule> | undefined;

/** Downloads the form's code (once); the first page that shows the form asks for it. */
export function preloadSubscriptionForm(): Promise<FormModule> {
  formCode ??= readable(import('./subscription-form'));
  return formCode;
}

function SubscriptionFormLoaded(props: SubscriptionFormProps) {
  const { SubscriptionForm: Form } = use(preloadSubscriptionForm());
  return <Form {...props} />;
}

/** The subscription form where the backend has subscriptions; nothing (and no download) where it has none. */
export function SubscriptionFormPart(props: SubscriptionFormProps) {
  const { subscriptions } = useBackend();
  if (subscriptions === undefined) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionFormLoaded {...props} />
    </Suspense>
  );
}
