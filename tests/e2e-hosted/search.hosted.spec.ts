import { defaultSeed } from '../../mocks/self-hosted-api';
import { openPage } from '../e2e/support/site-map';
import { expect, test } from './support/hosted-fixtures';

// What the fakes are seeded with (mocks/hosted.ts).
const SEED = defaultSeed();
const FILES = SEED.files.filter((file) => file.folder !== 'events');

test("searching 'pdf' does not list every file: a file's extension is not one of its words", async ({ page }) => {
  expect(FILES.length).toBeGreaterThan(1);
  expect(FILES.every((file) => file.name.endsWith('.pdf'))).toBe(true);

  await openPage(page, '/search?q=pdf');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page.getByText(/Nothing was found for ‘pdf’/)).toBeVisible();
  await expect(page.locator('.search-results li')).toHaveCount(0);
});

test('a file is found by the words of its name and listed without its extension', async ({ page }) => {
  const [file] = FILES;
  const name = (file?.name ?? '').replace(/\.pdf$/, '');

  await openPage(page, `/search?q=${encodeURIComponent(`${name} pdf`)}`);

  const result = page.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(result).toBeVisible();
  await expect(result).not.toContainText('.pdf');
});
