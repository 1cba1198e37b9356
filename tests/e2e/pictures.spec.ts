import sharp from 'sharp';
import { openAdminPage, signInAsAdministrator } from './support/admin';
import { expectNoAxeViolations } from './support/checks';
import { expect, test } from './support/fixtures';
import { openPage } from './support/site-map';

test('a post with a described picture shows it on its article, its place held by its width and height', async ({ page }, testInfo) => {
  const title = `E2E picture ${testInfo.project.name} ${Date.now()}`;
  const photograph = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#4a8f5c' } }).jpeg().toBuffer();
  await signInAsAdministrator(page);
  await openAdminPage(page, 'News');
  const posts = page.getByRole('region', { name: 'News' });

  await posts.getByLabel('Title').fill(title);
  await posts.getByLabel('Text of the post').fill('The garden party was a great day.');
  await posts.getByLabel('Choose a picture').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photograph });
  const description = posts.getByLabel('Describe the picture');
  await expect(description).toBeVisible({ timeout: 30_000 });
  await posts.getByRole('button', { name: 'Publish post' }).click();
  await expect(description).toHaveAccessibleDescription(/Please describe the picture for people who cannot see it/);
  await expectNoAxeViolations(page, 'the post editor with a picture that needs its description');

  await description.fill('Members on the lawn at the garden party');
  await posts.getByRole('button', { name: 'Publish post' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `"${title}" was published on the News page.` })).toBeVisible();

  const article = await page.request.get('/api/posts').then(async (response) => ((await response.json()) as { posts: { id: string; title: string }[] }).posts.find((post) => post.title === title));
  await openPage(page, `/article/${article?.id ?? ''}`);
  const picture = page.getByRole('main').getByRole('img', { name: 'Members on the lawn at the garden party' });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('width', '1600');
  await expect(picture).toHaveAttribute('height', '1200');
  await expect(picture).toHaveAttribute('srcset', /-480\.jpg 480w, .*-960\.jpg 960w, .*-1600\.jpg 1600w/);
  expect(await picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  await expectNoAxeViolations(page, 'an article with its picture');

  await openPage(page, '/admin/news');
  await posts.getByRole('button', { name: `Delete ${title}` }).click();
  await posts.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(posts.getByRole('status').filter({ hasText: `The post "${title}" was deleted.` })).toBeVisible();
});
