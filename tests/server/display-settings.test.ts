import { expect, test } from 'vitest';
import { startTestServer } from './helpers/test-server';

function postSettings(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  };
}

test('the settings form posted without script sets a cookie holding only the choice and goes back to the settings page', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/display-settings`, postSettings({ text: 'largest', colours: 'high-contrast', from: '/news' }));

  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/display-settings?saved=1&from=%2Fnews');
  const cookie = response.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^rnai_display=largest\.high-contrast; Max-Age=31536000; Path=\/; SameSite=Lax$/);
});

test('choosing standard for both clears the cookie, and unknown values count as standard', async () => {
  const server = await startTestServer();

  const response = await fetch(`${server.baseUrl}/display-settings`, postSettings({ text: 'enormous', colours: 'pink' }));

  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/display-settings?saved=1');
  expect(response.headers.get('set-cookie')).toMatch(/^rnai_display=; Max-Age=0; Path=\/; (Expires=[^;]+; )?SameSite=Lax$/);
});

test('the way back never leads to another site', async () => {
  const server = await startTestServer();

  for (const from of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
    const response = await fetch(`${server.baseUrl}/display-settings`, postSettings({ text: 'large', from }));
    expect(response.headers.get('location'), from).toBe('/display-settings?saved=1');
  }
});

test("another site's page cannot change a reader's settings", async () => {
  const server = await startTestServer();

  const response = await fetch(
    `${server.baseUrl}/display-settings`,
    postSettings({ text: 'largest', colours: 'dark' }, { origin: 'https://evil.example' }),
  );

  expect(response.status).toBe(403);
  expect(response.headers.get('set-cookie')).toBeNull();
});
