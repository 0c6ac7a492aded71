import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleId } from '@/lib/roles';
import { installSessionActor, registerDemoDataReset } from '@/lib/session';
import { sessionIn, type SessionHarness } from '@machines/testing/session-harness';
import { themeModeStore } from '@/lib/theme';
import { renderWithProviders } from '../../../tests/render';
import { findRoute } from '../routes';
import { AppLayout } from './app-layout';

// The layout reads the real session machine, driven by the test harness (fake HTTP actors).
const ADA = { uid: 'u1', displayName: 'Ada Admin', email: 'ada@example.com', providerId: 'demo' };
let session: SessionHarness;
// Never settles: the reset's reload to /login does not happen in the test browser.
const reset = vi.fn(() => new Promise<void>(() => undefined));

// The router hands the layout the role the server confirmed; storage is never read for it.
let confirmedRole: RoleId | undefined;
function signInAs(role: RoleId) {
  confirmedRole = role;
}

function renderAt(path: string, language: 'en' | 'de' = 'en') {
  const route = findRoute(path);
  if (!route) throw new Error(`no route ${path}`);
  return renderWithProviders(
    <AppLayout route={route} role={confirmedRole}>
      <p>page content</p>
    </AppLayout>,
    { path, language },
  );
}

const mainMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

beforeEach(async () => {
  confirmedRole = undefined;
  vi.clearAllMocks();
  themeModeStore.reset();
  session = await sessionIn('signedIn', { role: 2, user: ADA });
  installSessionActor(session.actor);
  registerDemoDataReset(reset);
});
afterEach(() => themeModeStore.reset());

describe('AppLayout', () => {
  it('shows the admin menu with Reports > Prediction and the apps for an admin', async () => {
    signInAs(2);
    renderAt('/admin/manage-users');
    const menu = within(mainMenu());
    for (const name of ['Dashboard', 'Organization Management', 'User Management', 'Todo', 'Email']) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(menu.queryByRole('link', { name: 'Service Unit Management' })).toBeNull();
    expect(menu.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(menu.getByRole('button', { name: 'Reports' }));
    expect(menu.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(await menu.findByRole('link', { name: 'Prediction' })).toHaveAttribute('href', '/admin/reporting/prediction');
  });

  it('shows the user area for role 4', () => {
    signInAs(4);
    renderAt('/user/dashboard');
    const menu = within(mainMenu());
    for (const name of [
      'Service Unit Management',
      'Service Unit Process',
      'Service Unit Screenshots',
      'Url Restrictions',
      'Todo',
      'Email',
    ]) {
      expect(menu.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(menu.queryByRole('link', { name: 'User Management' })).toBeNull();
  });

  it('renders the breadcrumb from Home, the title and the page', () => {
    signInAs(1);
    renderAt('/admin/reporting/prediction');
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(crumbs.getByText('Report')).toBeInTheDocument();
    expect(crumbs.getByText('Prediction')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Prediction Report' })).toBeInTheDocument();
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it('stars a page into the navbar, stores it per user, and unstars it', async () => {
    signInAs(2);
    renderAt('/admin/manage-users');
    expect(screen.queryByRole('navigation', { name: 'Starred pages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to starred pages' }));
    const starred = within(screen.getByRole('navigation', { name: 'Starred pages' }));
    expect(starred.getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admin/manage-users');
    expect(JSON.parse(localStorage.getItem('bookmarks:u1') ?? '[]')).toEqual(['/admin/manage-users']);
    const unstar = screen.getByRole('button', { name: 'Remove from starred pages' });
    expect(unstar).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(unstar);
    expect(screen.queryByRole('navigation', { name: 'Starred pages' })).toBeNull();
    expect(localStorage.getItem('bookmarks:u1')).toBe('[]');
  });

  it('refuses an 11th star with a translated message', async () => {
    signInAs(2);
    const ten = Array.from({ length: 10 }, (_, i) => `/somewhere/${i}`);
    localStorage.setItem('bookmarks:u1', JSON.stringify(ten));
    renderAt('/admin/manage-users', 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Zu den Favoriten hinzufügen' }));
    expect(await screen.findByText('Favoriten sind voll')).toBeInTheDocument();
    expect(screen.getByText(/bis zu 10 Seiten/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('bookmarks:u1') ?? '[]')).toEqual(ten);
  });

  it('switches the language: labels, <html lang> and the stored choice', async () => {
    signInAs(2);
    renderAt('/admin/manage-users');
    const menu = mainMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));
    expect(within(menu).getByRole('link', { name: 'Benutzerverwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toBe(menu);
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('language')).toBe('de');
  });

  it('shows each theme with its own icon, none the sidebar toggle’s', async () => {
    signInAs(2);
    renderAt('/admin/dashboard');
    const glyph = (name: string | RegExp) => screen.getByRole('button', { name }).querySelector('svg')?.getAttribute('class');
    const sidebar = glyph('Collapse sidebar');
    const seen = new Set<string | null | undefined>();
    for (const [mode, label] of [
      ['light', 'Light'],
      ['dark', 'Dark'],
      ['semi-dark', 'Semi dark'],
    ] as const) {
      act(() => themeModeStore.set(mode));
      const icon = glyph(`Theme: ${label}`);
      expect(icon).not.toBe(sidebar);
      seen.add(icon);
    }
    expect(seen.size).toBe(3);
  });

  it('switches the theme; semi-dark darkens only the sidebar', async () => {
    signInAs(2);
    renderAt('/admin/manage-users');
    await userEvent.click(screen.getByRole('button', { name: 'Theme: Light' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Semi dark' }));
    expect(localStorage.getItem('theme-mode')).toBe('semi-dark');
    expect(mainMenu()).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('main')).not.toHaveAttribute('data-mantine-color-scheme');
    await userEvent.click(screen.getByRole('button', { name: 'Theme: Semi dark' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dark' }));
    expect(themeModeStore.get()).toBe('dark');
    expect(localStorage.getItem('theme-mode')).toBe('dark');
  });

  it('user menu: profile, lock screen, sign out', async () => {
    signInAs(2);
    const { location } = renderAt('/admin/manage-users');
    const openMenu = async () => userEvent.click(screen.getByRole('button', { name: /– Account menu$/ }));

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(location.history?.at(-1)).toBe('/admin/my-profile');

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lock screen' }));
    expect(session.fakes.lock.calls).toHaveLength(1);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/pages/lock-screen'));

    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(session.fakes.logout.calls).toHaveLength(1);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
  });

  it('resets the demo data only after confirming', async () => {
    signInAs(4);
    renderAt('/user/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /– Account menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset demo data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the demo data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(reset).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /– Account menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset demo data' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset data' }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('offers no demo reset against a remote API', async () => {
    vi.stubEnv('VITE_API_MODE', 'remote');
    try {
      signInAs(4);
      renderAt('/user/dashboard');
      await userEvent.click(screen.getByRole('button', { name: /– Account menu$/ }));
      expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Reset demo data' })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('shows the user name and collapses the sidebar', async () => {
    signInAs(2);
    renderAt('/admin/dashboard');
    expect(screen.getAllByText('Ada Admin').length).toBeGreaterThan(0);
    // The account button is named by what it shows first (WCAG 2.5.3 Label in Name), role translated.
    expect(screen.getByRole('button', { name: 'Ada Admin, Admin – Account menu' })).toHaveTextContent(/^Ada Admin Admin$/);
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });
});
