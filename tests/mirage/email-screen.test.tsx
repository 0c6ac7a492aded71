import { Response } from '@mirage/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionIn } from '@machines/testing/session-harness';
import { installSessionActor } from '@/lib/session';
import { makeServer, type Server } from '@mirage/server';
import EmailPage from '@/features/email/email-page';
import { renderWithProviders } from '../render';
import { fill } from '../support/fill';

// The page only reads who is signed in; the session machine itself is tested elsewhere.
// The signed-in user comes from the real session machine, driven by the test harness.
beforeEach(async () => {
  installSessionActor(
    (await sessionIn('signedIn', { role: 4, user: { uid: '4', displayName: 'Ulysses User', email: 'user@acme.example' } })).actor,
  );
});

let server: Server;

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  const res = await fetch('/api/UserLogin', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', key: 'service-unit-admin-demo-key' },
    body: JSON.stringify({ params: { username: 'user', password: 'demo1234' } }),
  });
  const body = (await res.json()) as { accessToken: string };
  localStorage.setItem('accessToken', body.accessToken);
});
afterEach(() => server.shutdown());

const inboxLink = () => screen.getByRole('link', { name: /^Inbox/ });
/** The inbox's unread count, as a screen reader hears it ("8 unread"). */
const unreadInInbox = () => Number(/^(\d+) unread$/.exec(within(inboxLink()).queryByText(/unread$/)?.textContent ?? '')?.[1] ?? 0);
const findList = (name: string) => screen.findByRole('list', { name }, { timeout: 5000 });

// Full screens against Mirage in jsdom are slow on a shared machine.
describe('EmailScreen', { timeout: 40_000 }, () => {
  it('lists the inbox newest first with the sidebar counts', async () => {
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    const list = await findList('Inbox');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /Prediction report looks off/ })).toBeInTheDocument();
    await waitFor(() => expect(unreadInInbox()).toBeGreaterThan(0));
    expect(screen.getByRole('link', { name: /^Drafts.*3 drafts/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Spam.*2 unread/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Private/ })).toHaveAttribute('href', '/apps/email/label/private');
  });

  it('opening an unread email shows it, marks it read and the inbox count drops by one', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await findList('Inbox');
    await waitFor(() => expect(unreadInInbox()).toBeGreaterThan(0));
    const before = unreadInInbox();
    await user.click(screen.getByRole('button', { name: /Photos from the weekend — .*, unread/ }));
    expect(await screen.findByRole('heading', { name: 'Photos from the weekend' })).toBeInTheDocument();
    expect(screen.getByText('dog.jpg')).toBeInTheDocument();
    await waitFor(() => expect(unreadInInbox()).toBe(before - 1));
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('button', { name: /^(?!.*, unread).*Photos from the weekend — / })).toBeInTheDocument();
  });

  it('renders a hostile message without its script, handlers or javascript: links', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Overdue invoice #88412/ }, { timeout: 5000 }));
    const article = await screen.findByRole('article', { name: 'Message from Billing Notice' });
    expect(within(article).getByText(/Your invoice is overdue/)).toBeInTheDocument();
    expect(article.querySelector('script')).toBeNull();
    expect(article.querySelector('[onerror]')).toBeNull();
    expect(article.querySelector('[onload]')).toBeNull();
    expect(article.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(article).getByText('View your statement')).toBeInTheDocument();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();
  });

  it('toggling a label twice adds it and then removes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: /Team dinner on Friday — / }, { timeout: 5000 }));
    await screen.findByRole('heading', { name: 'Team dinner on Friday' });
    const labelsOf = () => screen.queryByRole('group', { name: 'Labels of this email' });
    expect(labelsOf()).toHaveTextContent('Personal');
    expect(labelsOf()).not.toHaveTextContent('Private');
    await user.click(screen.getByRole('button', { name: 'Labels' }));
    const privateBox = await screen.findByRole('checkbox', { name: 'Private' });
    expect(screen.getByRole('checkbox', { name: 'Personal' })).toBeChecked();
    await user.click(privateBox);
    await waitFor(() => expect(labelsOf()).toHaveTextContent('Private'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Private' })).toBeEnabled());
    expect(screen.getByRole('checkbox', { name: 'Private' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Private' }));
    await waitFor(() => expect(labelsOf()).not.toHaveTextContent('Private'));
    expect(screen.getByRole('checkbox', { name: 'Private' })).not.toBeChecked();
  });

  it('searches by subject and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await findList('Inbox');
    await fill(user, screen.getByRole('textbox', { name: 'Search by subject' }), 'contract');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Inbox' })).getAllByRole('listitem')).toHaveLength(2));
    await fill(user, screen.getByRole('textbox', { name: 'Search by subject' }), 'zzz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('selects all and marks everything read: the inbox count goes to zero', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    const rows = within(await findList('Inbox')).getAllByRole('listitem').length;
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText(`${rows} selected`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText(`${rows} emails updated`)).toBeInTheDocument();
    await waitFor(() => expect(unreadInInbox()).toBe(0), { timeout: 5000 });
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('a failed send keeps everything typed; a retry sends it and the composer closes', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    server.post('/api/apps/email/compose', () => (fail ? new Response(503, {}, { message: 'Down' }) : new Response(201, {}, { id: 999 })));
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: 'Compose' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await fill(user, within(dialog).getByRole('textbox', { name: 'To' }), 'maya.chen@northwind.example');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Subject' }), 'Figures');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Message' }), 'Attached below.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The email was not sent');
    expect(within(dialog).getByRole('textbox', { name: 'To' })).toHaveValue('maya.chen@northwind.example');
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Figures');
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Attached below.');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New message' })).not.toBeInTheDocument());
    expect(await screen.findByText('Email sent')).toBeInTheDocument();
  });

  it('does not send without a valid recipient and says why', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    await user.click(await screen.findByRole('button', { name: 'Compose' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Add at least one recipient')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('textbox', { name: 'To' }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('One of these addresses is not valid')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list cannot load', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    server.get('/api/apps/email/mails', () => (fail ? new Response(500, {}, { message: 'Boom' }) : new Response(200, {}, [])));
    renderWithProviders(<EmailPage />, { path: '/apps/email/inbox' });
    expect(await screen.findByText(/The emails could not be loaded/, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No emails in Inbox')).toBeInTheDocument();
  });

  it('an unknown folder goes to the inbox', async () => {
    const { location } = renderWithProviders(<EmailPage />, { path: '/apps/email/archive' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/apps/email/inbox'));
  });
});
