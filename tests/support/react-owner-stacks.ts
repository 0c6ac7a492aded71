import * as React from 'react';

/**
 * React's development build records an owner stack for every element it creates (an Error with 10 frames and a
 * console.createTask), up to 10,000 per render, only to print where a component was rendered from in a warning:
 * ~10 % of a screen test's CPU. The tests keep failing on every React warning (tests/console-guard.ts); the warning
 * names no owner then. SUA_REACT_OWNER_STACKS=1 records them again, to find where a warning's element came from.
 */
export function skipReactOwnerStacks(): void {
  if (process.env['SUA_REACT_OWNER_STACKS'] === '1') return;
  const internals: unknown = Reflect.get(React, '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
  if (typeof internals !== 'object' || internals === null || !('recentlyCreatedOwnerStacks' in internals)) return;
  // React counts the stacks it recorded since the last render and stops at 10,000: the count stays there.
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 10_000, set: () => undefined });
}
