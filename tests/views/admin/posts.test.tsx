import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, test, vi } from 'vitest';
import { errorBody } from '../../../contract/wire';
import { createBackend } from '../../../src/app/backend';
import { startSelfHostedApi } from '../app-harness';
import { findAdminPage, findLoginPage, renderSite, useSignedInApi } from './admin-harness';

const server = startSelfHostedApi();

function postsSection() {
  return screen.getByRole('region', { name: 'News' });
}

function published() {
  return screen.getByRole('region', { name: 'All posts' });
}

function preview() {
  return screen.getByRole('region', { name: 'Preview of the news card' });
}

async function openAdmin() {
  const state = useSignedInApi(server);
  const view = renderSite('/admin/news');
  await findAdminPage('News');
  await within(published()).findByRole('button', { name: 'Edit Annual General Meeting' });
  return { state, ...view };
}

/** Pasting keeps long texts quick; typing each key of them would take seconds in jsdom. */
async function write(user: ReturnType<typeof renderSite>['user'], label: 'Title' | 'Text of the post', text: string) {
  await user.click(within(postsSection()).getByLabelText(label));
  await user.paste(text);
}

const LONG_BODY = `${'x'.repeat(100)}TAIL`;

test('publishing an empty post shows what is missing and sends nothing', async () => {
  const { user, state } = await openAdmin();

  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));

  expect(within(postsSection()).getByText('Please enter a title.')).toBeInTheDocument();
  expect(within(postsSection()).getByText('Please enter the text of the post.')).toBeInTheDocument();
  expect(within(postsSection()).getByLabelText('Title')).toHaveFocus();
  expect(state.posts).toHaveLength(2);
});

test('a picture is attached, then must be described before the post is published; the card shows it with its description', async () => {
  const { user, state } = await openAdmin();
  await write(user, 'Title', 'Garden party');
  await write(user, 'Text of the post', 'Sun all day.');

  await user.upload(within(postsSection()).getByLabelText('Choose a picture'), new File(['photograph'], 'IMG_0042.heic', { type: 'image/heic' }));
  const description = await within(postsSection()).findByLabelText('Describe the picture');
  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));
  const refused = description.getAttribute('aria-invalid');
  const focused = document.activeElement === description;
  await user.type(description, 'Members on the lawn');
  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));
  await within(postsSection()).findByText('"Garden party" was published on the News page.');

  expect(refused).toBe('true');
  expect(focused).toBe(true);
  expect(state.posts[0]?.picture).toMatchObject({ alt: 'Members on the lawn', decorative: false, width: 1600, height: 1200 });
  expect(within(postsSection()).queryByLabelText('Describe the picture')).not.toBeInTheDocument();
});

test('the preview shows the card as /news will: the title and the text cut to 100 characters plus ...', async () => {
  const { user } = await openAdmin();

  await write(user, 'Title', 'Christmas Party');
  await write(user, 'Text of the post', LONG_BODY);

  expect(within(preview()).getByRole('heading', { name: 'Christmas Party' })).toBeInTheDocument();
  expect(within(preview()).getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
  expect(preview()).not.toHaveTextContent('TAIL');
});

test('a new post is published, listed, and announced, and the form is empty again', async () => {
  const { user, state } = await openAdmin();

  await write(user, 'Title', 'Christmas Party');
  await write(user, 'Text of the post', 'The party is on 12 December.\nAll welcome.');
  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));

  expect(await screen.findByText('"Christmas Party" was published on the News page.')).toBeInTheDocument();
  expect(await within(published()).findByRole('button', { name: 'Edit Christmas Party' })).toBeInTheDocument();
  expect(within(postsSection()).getByLabelText('Title')).toHaveValue('');
  expect(state.posts.find((post) => post.title === 'Christmas Party')?.body).toBe('The party is on 12 December.\nAll welcome.');
});

test('the new post is on the public News page', async () => {
  const { user } = await openAdmin();
  await write(user, 'Title', 'Spring Walk');
  await write(user, 'Text of the post', 'Meet at the gate at ten.');
  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));
  await screen.findByText('"Spring Walk" was published on the News page.');

  await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'News' }));

  expect(await screen.findByRole('heading', { level: 3, name: 'Spring Walk' })).toBeInTheDocument();
});

test('a post the server refuses keeps the text and says why', async () => {
  const { user } = await openAdmin();
  server.use(
    http.post('*/api/posts', () =>
      HttpResponse.json(errorBody('invalid-input', 'Please enter a title.', { fieldErrors: { title: 'Please enter a title.' } }), { status: 400 }),
    ),
  );

  await write(user, 'Title', 'Odd');
  await write(user, 'Text of the post', 'Body text');
  await user.click(within(postsSection()).getByRole('button', { name: 'Publish post' }));

  expect(await within(postsSection()).findByRole('alert')).toHaveTextContent('The post was not saved. Please enter a title.');
  expect(within(postsSection()).getByLabelText('Title')).toHaveAccessibleDescription('Please enter a title.');
  expect(within(postsSection()).getByLabelText('Text of the post')).toHaveValue('Body text');
});

test('Edit fills the form with the post; saving changes it in the list and on the server', async () => {
  const { user, state } = await openAdmin();

  await user.click(within(published()).getByRole('button', { name: 'Edit Annual General Meeting' }));
  const title = within(postsSection()).getByLabelText('Title');
  await waitFor(() => expect(title).toHaveFocus());
  expect(within(postsSection()).getByRole('heading', { name: 'Edit post: Annual General Meeting' })).toBeInTheDocument();
  expect(within(postsSection()).getByLabelText('Text of the post')).toHaveValue('Our AGM takes place in Dublin this spring.\nAll members are welcome.');
  await user.clear(title);
  await write(user, 'Title', 'AGM 2026');
  await user.click(within(postsSection()).getByRole('button', { name: 'Save changes' }));

  expect(await screen.findByText('"AGM 2026" was updated.')).toBeInTheDocument();
  expect(await within(published()).findByRole('button', { name: 'Edit AGM 2026' })).toBeInTheDocument();
  expect(within(postsSection()).getByRole('heading', { name: 'Write a new post' })).toBeInTheDocument();
  expect(state.posts.find((post) => post.id === '2')?.title).toBe('AGM 2026');
});

test('an edit cleared of its text is refused with a message and changes nothing', async () => {
  const { user, state } = await openAdmin();

  await user.click(within(published()).getByRole('button', { name: 'Edit Welcome to our new website' }));
  await user.clear(within(postsSection()).getByLabelText('Text of the post'));
  await user.click(within(postsSection()).getByRole('button', { name: 'Save changes' }));

  expect(within(postsSection()).getByText('Please enter the text of the post.')).toBeInTheDocument();
  expect(state.posts.find((post) => post.id === '1')?.body).toBe('News from the association will appear here.');
  await user.click(within(postsSection()).getByRole('button', { name: 'Cancel editing' }));
  expect(within(postsSection()).getByRole('heading', { name: 'Write a new post' })).toBeInTheDocument();
});

test('deleting a post asks first, naming it, then removes it from the list and the server', async () => {
  const { user, state } = await openAdmin();

  await user.click(within(published()).getByRole('button', { name: 'Delete Welcome to our new website' }));
  const question = within(published()).getByRole('group', { name: 'Delete the post "Welcome to our new website"? This cannot be undone.' });
  await user.click(within(question).getByRole('button', { name: 'Yes, delete' }));

  expect(await screen.findByText('The post "Welcome to our new website" was deleted.')).toBeInTheDocument();
  await waitFor(() => expect(within(published()).queryByRole('button', { name: 'Edit Welcome to our new website' })).not.toBeInTheDocument());
  expect(state.posts.map((post) => post.id)).toEqual(['2']);
});

test('a post delete the server refuses says so and keeps the post', async () => {
  const { user, state } = await openAdmin();
  server.use(http.delete('*/api/posts/:id', () => HttpResponse.json(errorBody('unavailable', 'The website is busy right now.'), { status: 503 })));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

  await user.click(within(published()).getByRole('button', { name: 'Delete Welcome to our new website' }));
  await user.click(within(published()).getByRole('button', { name: 'Yes, delete' }));

  expect(await within(published()).findByRole('alert')).toHaveTextContent('"Welcome to our new website" was not deleted. The website is busy right now.');
  expect(state.posts).toHaveLength(2);
  expect(warn).toHaveBeenCalled();
});

test('with a backend that has no post editor, the note links to the content management site', async () => {
  useSignedInApi(server);
  const hosted = { ...createBackend(), contentEditor: undefined, contactInbox: undefined, externalContentManagerUrl: 'https://cms.example.org/' };
  renderSite('/admin', hosted);
  await findAdminPage();
  const note = screen.getByRole('region', { name: 'News Posts' });

  expect(note).toHaveTextContent('To publish a newsletter or news post, upload it through the external content management site.');
  expect(within(note).getByRole('link', { name: /Open the content management site/ })).toHaveAttribute('href', 'https://cms.example.org/');
  expect(note).toHaveTextContent('Drafts, scheduled publishing and earlier versions of posts are not available on this website');
  expect(within(note).queryByLabelText('Title')).not.toBeInTheDocument();
  expect(note).toHaveTextContent("Pictures for posts are not available on this website: they need the website's own server.");
  const nav = screen.getByRole('navigation', { name: 'Admin area' });
  expect(within(nav).queryByRole('link', { name: /News/ })).not.toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: /Inbox/ })).not.toBeInTheDocument();
});

test('signing out from the admin area after writing a post goes to the login page', async () => {
  const { user } = await openAdmin();

  await user.click(screen.getByRole('button', { name: 'Sign out' }));

  await findLoginPage();
});

test('the preview also shows the article: the title and every line of the text, as the article page will', async () => {
  const { user } = await openAdmin();

  await write(user, 'Title', 'Christmas Party');
  await write(user, 'Text of the post', `The party is on 12 December.\n\nAll welcome. ${LONG_BODY}`);

  const article = screen.getByRole('region', { name: 'Preview of the article' });
  expect(within(article).getByRole('heading', { name: 'Christmas Party' })).toBeInTheDocument();
  expect(within(article).getAllByRole('listitem').map((line) => line.textContent)).toEqual(['The party is on 12 December.', `All welcome. ${LONG_BODY}`]);
});

test('a post scheduled for a date and time is listed as scheduled in Irish time, and stays off the public list', async () => {
  const { user, state } = await openAdmin();
  await write(user, 'Title', 'Christmas Lunch');
  await write(user, 'Text of the post', 'Book by 1 December.');

  await user.click(within(postsSection()).getByRole('radio', { name: 'Publish at a date and time' }));
  await user.click(within(postsSection()).getByRole('button', { name: 'Schedule post' }));
  const refused = within(postsSection()).queryByText('Please choose the date to publish on, for example 2026-12-01.') !== null;
  await user.type(within(postsSection()).getByLabelText('Date'), '2030-12-01');
  await user.type(within(postsSection()).getByLabelText('Time (Irish time)'), '14:30');
  await user.click(within(postsSection()).getByRole('button', { name: 'Schedule post' }));

  expect(refused).toBe(true);
  expect(await screen.findByText('"Christmas Lunch" is scheduled. It appears on the News page at the time chosen.')).toBeInTheDocument();
  expect(await within(published()).findByText('Sunday 1 December 2030, 2.30pm')).toBeInTheDocument();
  expect(within(published()).getByText(/Scheduled for/)).toBeInTheDocument();
  expect(state.posts.find((post) => post.title === 'Christmas Lunch')?.status).toBe('scheduled');
  expect((await (await fetch('http://localhost/api/posts')).json()).posts.map((post: { title: string }) => post.title)).not.toContain('Christmas Lunch');
});

test('an earlier version can be shown and restored, and the editor then holds its text', async () => {
  const { user, state } = await openAdmin();
  await user.click(within(published()).getByRole('button', { name: 'Edit Annual General Meeting' }));
  await user.clear(within(postsSection()).getByLabelText('Title'));
  await write(user, 'Title', 'AGM moved');
  await user.click(within(postsSection()).getByRole('button', { name: 'Save changes' }));
  await screen.findByText('"AGM moved" was updated.');
  await user.click(await within(published()).findByRole('button', { name: 'Edit AGM moved' }));

  await user.click(within(postsSection()).getByRole('button', { name: 'Show earlier versions' }));
  await user.click(await within(postsSection()).findByRole('button', { name: 'Show the text of version 1' }));
  const shown = within(postsSection()).queryByText('Annual General Meeting', { selector: '.post-versions__text p' }) !== null;
  await user.click(within(postsSection()).getByRole('button', { name: 'Restore version 1' }));

  expect(shown).toBe(true);
  expect(await within(postsSection()).findByText('Version 1 was restored: "Annual General Meeting" is saved again as the newest version.')).toBeInTheDocument();
  await waitFor(() => expect(within(postsSection()).getByLabelText('Title')).toHaveValue('Annual General Meeting'));
  expect(state.posts.map((post) => post.title)).toContain('Annual General Meeting');
  expect(state.posts.map((post) => post.title)).not.toContain('AGM moved');
});
