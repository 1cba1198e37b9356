import { expect, test } from 'vitest';
import { APPLICATION_CONSENT_WORDING, MEMBERSHIP_MESSAGES } from '../../contract/membership';
import type { TestServer } from '../server/helpers/test-server';
import { fetchPage, heading, startBuiltSite, text } from './support/built-server';

/** A form posted as a browser without script posts it: from the site's own page, not followed. */
function postForm(server: TestServer, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.baseUrl}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

test('the join page carries a plain form that posts to /join, with the branches and the consent words', async () => {
  const server = await startBuiltSite();

  const { document } = await fetchPage(server, '/join');
  const form = document.querySelector('form[action="/join"]');

  expect(heading(document)).toBe('Join online');
  expect(form?.getAttribute('method')).toBe('post');
  const names = [...(form?.querySelectorAll('input, textarea, select') ?? [])].map((field) => field.getAttribute('name'));
  expect(names).toEqual(['name', 'address', 'eircode', 'phone', 'email', 'background', 'nmbiPin', 'branch', 'newsletter', 'consent', 'website']);
  const options = [...(form?.querySelectorAll('select[name="branch"] option') ?? [])].map((option) => option.getAttribute('value'));
  expect(options.at(-1)).toBe('not-sure');
  expect(options.length).toBeGreaterThan(2);
  expect(text(form)).toContain(APPLICATION_CONSENT_WORDING);
});

test('refused without script: back to the form with each message beside its field and everything typed; accepted: on to the thanks page', async () => {
  const server = await startBuiltSite();

  const refused = await postForm(server, { name: 'Mary Byrne', address: '1 Main Street\nSligo', eircode: 'ZZ1', background: '', branch: 'not-sure', website: '' });
  expect(refused.status).toBe(303);
  const outcome = refused.headers.get('location') ?? '';
  expect(outcome).toMatch(/^\/join\?outcome=/);

  const landed = await fetch(server.baseUrl + outcome);
  expect(landed.status).toBe(400);
  expect(landed.headers.get('cache-control')).toBe('no-store');
  const { document } = await fetchPage(server, outcome);
  expect(text(document.querySelector('[role="alert"]'))).toBe(MEMBERSHIP_MESSAGES.checkFields);
  const form = document.querySelector('form[action="/join"]');
  const field = (name: string) => form?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  expect(field('name')?.getAttribute('value')).toBe('Mary Byrne');
  expect(field('address')?.textContent).toBe('1 Main Street\nSligo');
  expect(field('eircode')?.getAttribute('aria-invalid')).toBe('true');
  const eircodeError = document.getElementById(field('eircode')?.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
  expect(text(eircodeError)).toBe(MEMBERSHIP_MESSAGES.eircode);
  expect(field('background')?.getAttribute('aria-invalid')).toBe('true');
  expect(field('consent')?.getAttribute('aria-invalid')).toBe('true');
  expect(form?.querySelector('select[name="branch"] option[selected]')?.getAttribute('value')).toBe('not-sure');
  expect(text(document.querySelector('.error-summary'))).toContain(MEMBERSHIP_MESSAGES.consent);

  const accepted = await postForm(server, {
    name: 'Mary Byrne',
    address: '1 Main Street\nSligo',
    eircode: 'F91 X2Y3',
    background: 'Trained in Sligo.',
    branch: 'not-sure',
    consent: 'yes',
    website: '',
  });
  expect(accepted.status).toBe(303);
  expect(accepted.headers.get('location')).toBe('/join/thanks');
  const thanks = await fetchPage(server, '/join/thanks');
  expect(heading(thanks.document)).toBe('Thank you for applying');
  expect(text(thanks.document.querySelector('[role="status"]'))).toBe(MEMBERSHIP_MESSAGES.thankYou);
});
