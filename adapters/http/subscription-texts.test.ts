import { describe, expect, it } from 'vitest';
import { CONFIRMATION_DAYS as SERVER_CONFIRMATION_DAYS, SUBSCRIPTION_CONSENT_WORDING, SUBSCRIPTION_MESSAGES } from '../../contract/subscriptions';
import { CONFIRMATION_DAYS, SUBSCRIPTION_TEXTS, subscriptionFormName, subscriptionResult } from '../../src-core/domain/subscription';

describe('the subscription texts the pages show', () => {
  it('are the words the server records and answers with', () => {
    expect(SUBSCRIPTION_TEXTS.consentWording).toBe(SUBSCRIPTION_CONSENT_WORDING);
    expect(SUBSCRIPTION_TEXTS.invalidEmail).toBe(SUBSCRIPTION_MESSAGES.invalidEmail);
    expect(SUBSCRIPTION_TEXTS.tooManyForAddress).toBe(SUBSCRIPTION_MESSAGES.tooManyForAddress);
    expect(SUBSCRIPTION_TEXTS.tooManyFromConnection).toBe(SUBSCRIPTION_MESSAGES.tooManyFromConnection);
    expect(SUBSCRIPTION_TEXTS.confirmationNotValid).toBe(SUBSCRIPTION_MESSAGES.confirmationNotValid);
    expect(CONFIRMATION_DAYS).toBe(SERVER_CONFIRMATION_DAYS);
  });

  it('read only known results and forms from an address', () => {
    expect(subscriptionResult('sent')).toBe('sent');
    expect(subscriptionResult('<script>')).toBeUndefined();
    expect(subscriptionFormName('footer')).toBe('footer');
    expect(subscriptionFormName('admin')).toBeUndefined();
  });
});
