import { expect, test } from 'vitest';
import { createEmailJsMail } from '../../adapters/emailjs/emailjs-mail.adapter';
import { createEmailJsFake, emailJsFailure } from '../../mocks/emailjs';
import { TEST_EMAILJS } from './hosted-samples';
import { useFakeNetwork } from '../support/fake-network';
import { failureOf } from '../support/core-error';

const server = useFakeNetwork();

const message = { name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?' };

test('sends name, email and message as the template parameters', async () => {
  const fake = createEmailJsFake(TEST_EMAILJS);
  server.use(...fake.handlers);

  await createEmailJsMail(TEST_EMAILJS).sendContactMessage(message);

  expect(fake.sent).toEqual([
    {
      serviceId: 'service_demo',
      templateId: 'template_demo',
      templateParams: { name: 'Mary Byrne', email: 'mary@example.org', message: 'When is the next branch meeting?' },
    },
  ]);
});

test('a message whose hidden website field a robot filled in is accepted and never sent', async () => {
  const fake = createEmailJsFake(TEST_EMAILJS);
  server.use(...fake.handlers);
  const fromRobot = { ...message, website: 'https://spam.example.org' };

  await createEmailJsMail(TEST_EMAILJS).sendContactMessage(fromRobot);

  expect(fake.sent).toEqual([]);
});

test('an empty hidden website field is a person, whose message is sent', async () => {
  const fake = createEmailJsFake(TEST_EMAILJS);
  server.use(...fake.handlers);

  await createEmailJsMail(TEST_EMAILJS).sendContactMessage({ ...message, website: '' } as typeof message);

  expect(fake.sent).toHaveLength(1);
});

test('a message with a missing field is refused before anything is sent', async () => {
  const fake = createEmailJsFake(TEST_EMAILJS);
  server.use(...fake.handlers);

  const error = await failureOf(createEmailJsMail(TEST_EMAILJS).sendContactMessage({ ...message, name: ' ' }));

  expect(error.kind).toBe('invalid-input');
  expect(error.fieldErrors).toEqual({ name: 'Please enter your name.' });
  expect(fake.sent).toEqual([]);
});

test.each([
  {
    status: 451 as const,
    kind: 'unavailable',
    text: 'The e-mail service does not accept messages from this browser. Please try another browser, or contact us another way.',
  },
  {
    status: 403 as const,
    kind: 'unavailable',
    text: 'The e-mail service did not accept it. Please try again later, or contact us another way.',
  },
  {
    status: 429 as const,
    kind: 'too-many-requests',
    text: 'Too many messages have been sent from here just now. Please wait a minute and try again.',
  },
  {
    status: 'network' as const,
    kind: 'unavailable',
    text: 'The e-mail service could not be reached. Please check your internet connection and try again.',
  },
])('EmailJS responding with $status tells the visitor: $text', async ({ status, kind, text }) => {
  server.use(emailJsFailure(status), ...createEmailJsFake(TEST_EMAILJS).handlers);

  const error = await failureOf(createEmailJsMail(TEST_EMAILJS).sendContactMessage(message));

  expect(error.kind).toBe(kind);
  expect(error.message).toBe(text);
});

test('a wrong public key is a failure the visitor hears about, not a silent loss', async () => {
  server.use(...createEmailJsFake(TEST_EMAILJS).handlers);

  const error = await failureOf(createEmailJsMail({ ...TEST_EMAILJS, publicKey: 'another-key' }).sendContactMessage(message));

  expect(error.kind).toBe('unavailable');
});
