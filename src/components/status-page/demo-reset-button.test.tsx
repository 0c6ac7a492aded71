import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconMapSearch } from '@tabler/icons-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerDemoDataReset } from '@/lib/session';
import { renderWithProviders } from '../../../tests/render';
import { isDemoMode } from './demo-reset-button';
import { StatusPage } from './status-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const errorPage = (code?: string) => (
  <StatusPage code={code} icon={IconMapSearch} title="Page not found" text="Nothing here." actions={null} />
);

describe('Reset demo data on error screens', () => {
  it('is offered on an error page, asks first, then resets the embedded backend', async () => {
    const reset = vi.fn(() => Promise.resolve());
    registerDemoDataReset(reset);
    // resetDemoData reloads on the sign-in page afterwards.
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithProviders(errorPage('404'), { language: 'de' });
    await userEvent.click(screen.getByRole('button', { name: 'Demodaten zurücksetzen' }));
    const dialog = await screen.findByRole('dialog');
    expect(reset).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Daten zurücksetzen' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it('is not offered on a page without an error code', () => {
    renderWithProviders(errorPage());
    expect(screen.queryByRole('button', { name: 'Reset demo data' })).not.toBeInTheDocument();
  });

  it('exists only with the embedded backend', () => {
    expect(isDemoMode({ VITE_API_MODE: 'remote' })).toBe(false);
    expect(isDemoMode({ VITE_API_MODE: 'mirage' })).toBe(true);
  });
});
