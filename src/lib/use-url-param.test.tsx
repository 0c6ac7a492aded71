import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUrlParam, withUrlParam } from './list-query';

/** Moves the address as a link or back/forward does, with the event the hook listens to. */
function go(url: string) {
  act(() => {
    window.history.replaceState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}
function OpenRecord({ onRender = () => undefined }: { onRender?: () => void }) {
  onRender();
  const id = useUrlParam('user');
  return <output aria-label="open record">{id ?? 'none'}</output>;
}

describe('useUrlParam', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('follows its parameter through history events, rendering only when that parameter changes', () => {
    window.history.replaceState(null, '', '/users?user=7');
    const onRender = vi.fn();
    render(<OpenRecord onRender={onRender} />);
    const output = screen.getByRole('status', { name: 'open record' });
    expect(output).toHaveTextContent('7');
    const before = onRender.mock.calls.length;
    go('/users?user=7&page=2');
    expect(onRender).toHaveBeenCalledTimes(before);
    go('/users?page=2');
    expect(output).toHaveTextContent('none');
    go('/users?user=8');
    expect(output).toHaveTextContent('8');
  });

  it('is null once the address leaves the path the screen was opened at', () => {
    window.history.replaceState(null, '', '/users?user=7');
    render(<OpenRecord />);
    go('/organizations?user=9');
    expect(screen.getByRole('status', { name: 'open record' })).toHaveTextContent('none');
  });
});

describe('withUrlParam', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("sets or removes one parameter and keeps the list's query", () => {
    window.history.replaceState(null, '', '/users?page=2&user=7');
    expect(withUrlParam('/users', 'user', '9')).toBe('/users?page=2&user=9');
    expect(withUrlParam('/users', 'user', null)).toBe('/users?page=2');
    window.history.replaceState(null, '', '/users?user=7');
    expect(withUrlParam('/users', 'user', null)).toBe('/users');
  });
});
