import { describe, expect, it } from 'vitest';
import { activeIds, chartOf, type ChartGraph } from './chart';
import { foldChart, fullLabels, openStates, shortLabel } from './fold';
import { MACHINES } from './registry';

const session = MACHINES.find((m) => m.name === 'session');
if (!session) throw new Error('The registry has no session machine');
const whole = chartOf(session.machine);

const drawn = (graph: ChartGraph) => Object.fromEntries(graph.nodes.map((n) => [n.id, n.folded ?? (n.children.length ? 'open' : 'leaf')]));

describe('foldChart on the session chart', () => {
  it('with no current state draws the top-level states, each compound one as a box that counts the states it holds', () => {
    const folded = foldChart(whole, { active: [] });
    expect(drawn(folded)).toEqual({
      restoring: 'leaf',
      confirming: 4,
      confirmFailed: 'leaf',
      signedOut: 2,
      signingIn: 'leaf',
      signedIn: 13,
      signingOut: 2,
    });
    expect(folded.nodes.every((n) => n.parent === null && n.children.length === 0)).toBe(true);
  });

  it('keeps the current path open, its regions included, and folds the compound states beside it', () => {
    const active = activeIds({ signedIn: { access: 'active', token: 'valid' } });
    const folded = foldChart(whole, { active });
    expect(drawn(folded)).toEqual({
      restoring: 'leaf',
      confirming: 4,
      confirmFailed: 'leaf',
      signedOut: 2,
      signingIn: 'leaf',
      signedIn: 'open',
      'signedIn.access': 'open',
      'signedIn.access.active': 'leaf',
      'signedIn.access.locked': 3,
      'signedIn.token': 'open',
      'signedIn.token.valid': 'leaf',
      'signedIn.token.expired': 'leaf',
      'signedIn.token.refreshing': 'leaf',
      'signedIn.token.renewingSilently': 2,
      signingOut: 2,
    });
    // Every current state is drawn.
    const ids = new Set(folded.nodes.map((n) => n.id));
    expect(active.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('opens what the reader expands, but only where its parents are open too', () => {
    const active = activeIds({ signedIn: { access: 'active', token: 'valid' } });
    const folded = foldChart(whole, { active, expanded: ['signedIn.access.locked', 'confirming.renewing'] });
    expect(drawn(folded)).toMatchObject({
      'signedIn.access.locked': 'open',
      'signedIn.access.locked.locking': 'leaf',
      'signedIn.access.locked.idle': 'leaf',
      'signedIn.access.locked.unlocking': 'leaf',
      confirming: 4,
    });
    expect(folded.nodes.some((n) => n.id.startsWith('confirming.'))).toBe(false);
    expect([...openStates(whole, { active: [], expanded: ['confirming', 'confirming.renewing'] })].sort()).toEqual([
      'confirming',
      'confirming.renewing',
    ]);
    // A parallel state opens with its regions: they are active together.
    expect(drawn(foldChart(whole, { active: [], expanded: ['signedIn'] }))).toMatchObject({
      signedIn: 'open',
      'signedIn.access': 'open',
      'signedIn.access.locked': 3,
      'signedIn.token': 'open',
      'signedIn.token.renewingSilently': 2,
      confirming: 4,
    });
  });

  it('draws one edge between two boxes with a count, joins siblings only, and keeps every move once', () => {
    const active = activeIds({ signedIn: { access: 'active', token: 'valid' } });
    const folded = foldChart(whole, { active });
    const byId = new Map(folded.nodes.map((n) => [n.id, n]));
    for (const edge of folded.edges) {
      expect(byId.has(edge.source) && byId.has(edge.target), `${edge.source} → ${edge.target}`).toBe(true);
      expect(byId.get(edge.source)?.parent, `${edge.source} → ${edge.target}`).toBe(byId.get(edge.target)?.parent);
    }
    const pairs = folded.edges.map((e) => `${e.source}>${e.target}`);
    expect(new Set(pairs).size).toBe(pairs.length);

    const logout = folded.edges.find((e) => e.source === 'signingOut' && e.target === 'signedOut');
    expect(logout?.merged).toHaveLength(4);
    expect(logout?.short).toBe('done(logout) +3');
    expect(logout && fullLabels(logout)).toContain('done(endProviderSession): signingOut.endingProviderSession → signedOut');

    // Each move of the machine is drawn once, unless both its ends are inside one folded box.
    const drawnMoves = folded.edges.flatMap((e) => e.merged ?? []).map((e) => e.id);
    expect(new Set(drawnMoves).size).toBe(drawnMoves.length);
    const hidden = whole.edges.filter((e) => !drawnMoves.includes(e.id));
    for (const move of hidden) {
      const box = folded.nodes.find((n) => n.folded && move.source.startsWith(`${n.id}.`) && move.target.startsWith(`${n.id}.`));
      expect(box, `${move.source} → ${move.target}`).toBeDefined();
    }
    // Far fewer edges than moves: the chart the reader sees.
    expect(whole.edges.length).toBe(70);
    expect(folded.edges.length).toBeLessThan(35);
  });

  it('shortens long labels and keeps the full text for the title and the list', () => {
    expect(shortLabel([{ label: 'session.remote.tokenRefreshed', guard: null, kind: 'event' }])).toBe('…tokenRefreshed');
    expect(shortLabel([{ label: 'after(idleTimeout)', guard: 'canIdleLock', kind: 'after' }])).toBe('after(idleTimeout)');
    expect(shortLabel([{ label: 'error(refreshToken)', guard: null, kind: 'error' }])).toBe('error(refreshToke…');
    expect(shortLabel([{ label: 'session.lock', guard: 'canLock', kind: 'event' }])).toBe('session.lock');
    expect(
      shortLabel([
        { label: 'session.login', guard: null, kind: 'event' },
        { label: 'session.logout', guard: null, kind: 'event' },
      ]),
    ).toBe('session.login +1');
  });
});
