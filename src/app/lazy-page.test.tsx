import { Suspense } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../tests/render';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, loadWithTimeout } from './lazy-page';
import { PageErrorBoundary } from './page-error-boundary';

const Page = () => <p>the page</p>;
const never = () => new Promise<{ default: typeof Page }>(() => undefined);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadWithTimeout', () => {
  it('resolves with the module when it loads in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve({ default: Page }))).resolves.toEqual({ default: Page });
  });

  it('fails with a "failed" chunk error keeping the cause when the import rejects', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadWithTimeout(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'failed', cause });
  });

  it('times out after 120 s, not before', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const result = loadWithTimeout(never).catch((e: unknown) => {
      settled(e);
    });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(settled).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', reason: 'timeout' }));
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});

function renderPage(load: () => Promise<{ default: typeof Page }>, language: 'en' | 'fr' = 'en') {
  const LazyPage = lazyPage(load);
  return renderWithProviders(
    <PageErrorBoundary resetKey="/x">
      <Suspense fallback={<p>loading</p>}>
        <LazyPage />
      </Suspense>
    </PageErrorBoundary>,
    { language },
  );
}

describe('lazy page inside the error boundary', () => {
  it('renders the page once its chunk loads', async () => {
    renderPage(() => Promise.resolve({ default: Page }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('shows a translated error with Reload when the chunk fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    document.body.insertAdjacentHTML('afterbegin', '<div id="loading-bg"></div>');
    renderPage(() => Promise.reject(new Error('404 chunk')));
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    // The boundary reports what it caught.
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', reason: 'failed' }));
    // The boot overlay must not hide the message on a first load.
    // (after the fallback's effect: under load it can run just after the alert is on screen)
    await waitFor(() => expect(document.getElementById('loading-bg')).toHaveClass('is-hidden'));
    document.getElementById('loading-bg')?.remove();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the timeout message after 120 s of waiting', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(never, 'fr');
    expect(screen.getByText('loading')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    vi.useRealTimers();
    expect(await screen.findByRole('alert')).toHaveTextContent('Le chargement a pris trop de temps');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', reason: 'timeout' }));
    expect(screen.getByRole('button', { name: 'Recharger' })).toBeInTheDocument();
  });

  it('shows the generic error when a page throws while rendering, and clears it on navigation', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const view = renderWithProviders(
      <PageErrorBoundary resetKey="/a">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    view.rerender(
      <PageErrorBoundary resetKey="/b">
        <Page />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
  });
});
