import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyStateNode } from 'xstate';
import { createEditorMachine, type DeleteTarget, type FieldErrors, type SaveInput, type ValidateInput } from './editor.machine';

interface Values {
  name: string;
  hostname: string;
}
interface Saved extends Values {
  id: string;
}

const empty: Values = { name: '', hostname: '' };
const machine = createEditorMachine<Values, Saved>();

const validName = fromPromise<FieldErrors, ValidateInput<Values>>(async ({ input }) => {
  const errors: FieldErrors = {};
  if (input.values.name.trim() === '') errors['name'] = 'required';
  return errors;
});

/** Every resting leaf state any test reached; checked against the machine at the end. */
const visited = new Set<string>();
function leafPaths(node: AnyStateNode, prefix: string[] = []): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [prefix.join('.')];
  return children.flatMap((child) => leafPaths(child, [...prefix, child.key]));
}
function record(value: unknown, prefix: string[] = []): void {
  if (typeof value === 'string') visited.add([...prefix, value].join('.'));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) record(v, [...prefix, k]);
}

function start(actors: Partial<Parameters<typeof machine.provide>[0]['actors']> = {}) {
  const clock = new SimulatedClock();
  const save = vi.fn(async ({ input }: { input: SaveInput<Values> }): Promise<Saved> => ({ id: input.id ?? 'new-1', ...input.values }));
  const remove = vi.fn(async (_: { input: DeleteTarget }): Promise<unknown> => undefined);
  const actor = createActor(
    machine.provide({ actors: { validate: validName, save: fromPromise(save), remove: fromPromise(remove), ...actors } }),
    { input: { empty }, clock },
  );
  actor.subscribe((s) => record(s.value));
  actor.start();
  record(actor.getSnapshot().value);
  return { actor, clock, save, remove };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
const apiError = (message: string, fieldErrors: FieldErrors = {}) => Object.assign(new Error(message), { status: 422, fieldErrors });

describe('editor machine: a record changed elsewhere while editing', () => {
  const theirs: Values = { name: 'Renamed by Ada', hostname: 'kiosk-1.example' };
  const conflictError = () =>
    Object.assign(new Error('changed elsewhere'), {
      status: 412,
      conflict: { theirs, version: '"3"', changedBy: 'Ada', changedAt: '2026-12-06T06:00:00.000Z' },
    });
  /** A save that refuses once with the conflict, then saves. */
  function startConflicted() {
    let refused = false;
    const saves: SaveInput<Values>[] = [];
    const started = start({
      save: fromPromise(async ({ input }: { input: SaveInput<Values> }) => {
        saves.push(input);
        if (!refused) {
          refused = true;
          throw conflictError();
        }
        return { id: input.id ?? 'x', ...input.values };
      }),
    });
    const { actor } = started;
    actor.send({ type: 'editor.open.edit', id: 'u1', values: { name: 'Kiosk', hostname: 'kiosk-1.example' }, version: '"2"' });
    actor.send({ type: 'editor.change', values: { name: 'Renamed by me' } });
    actor.send({ type: 'editor.submit' });
    return { ...started, saves };
  }

  it('sends the version the form read, and shows theirs beside mine when the save is refused, keeping what was typed', async () => {
    const { actor, saves } = startConflicted();
    await waitFor(actor, (s) => s.matches({ form: 'conflict' }));
    expect(saves[0]?.version).toBe('"2"');
    const { context } = actor.getSnapshot();
    expect(context.values.name).toBe('Renamed by me');
    expect(context.conflict).toMatchObject({ theirs, changedBy: 'Ada' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    // Typing on while the choice is open is kept.
    actor.send({ type: 'editor.change', values: { hostname: 'kiosk-9.example' } });
    expect(actor.getSnapshot().matches({ form: 'conflict' })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Renamed by me', hostname: 'kiosk-9.example' });
  });

  it('keeps mine: saves my values against their version', async () => {
    const { actor, saves } = startConflicted();
    await waitFor(actor, (s) => s.matches({ form: 'conflict' }));
    actor.send({ type: 'editor.conflict.keepMine' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(saves[1]).toMatchObject({ version: '"3"', values: { name: 'Renamed by me' } });
  });

  it('takes theirs: their values fill the form, pristine, and the next save goes against their version', async () => {
    const { actor, saves } = startConflicted();
    await waitFor(actor, (s) => s.matches({ form: 'conflict' }));
    actor.send({ type: 'editor.conflict.takeTheirs' });
    expect(actor.getSnapshot().matches({ form: { editing: 'pristine' } })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(theirs);
    actor.send({ type: 'editor.change', values: { hostname: 'kiosk-2.example' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(saves[1]).toMatchObject({ version: '"3"', values: { name: 'Renamed by Ada', hostname: 'kiosk-2.example' } });
  });

  it('cancels back to the form with what was typed, still at the version it read', async () => {
    const { actor, saves } = startConflicted();
    await waitFor(actor, (s) => s.matches({ form: 'conflict' }));
    actor.send({ type: 'editor.conflict.cancel' });
    expect(actor.getSnapshot().matches({ form: { editing: 'dirty' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ values: { name: 'Renamed by me' }, conflict: null, version: '"2"' });
    expect(saves).toHaveLength(1);
  });
});

describe('editor machine: form', () => {
  it('opens a new record pristine, becomes dirty on change and pristine again when changed back', () => {
    const { actor } = start();
    actor.send({ type: 'editor.open.create' });
    expect(actor.getSnapshot().matches({ form: { editing: 'pristine' } })).toBe(true);
    actor.send({ type: 'editor.change', values: { name: 'Kiosk' } });
    expect(actor.getSnapshot().matches({ form: { editing: 'dirty' } })).toBe(true);
    expect(actor.getSnapshot().hasTag('dirty')).toBe(true);
    actor.send({ type: 'editor.change', values: { name: '' } });
    expect(actor.getSnapshot().matches({ form: { editing: 'pristine' } })).toBe(true);
  });

  it('stays in the form with field errors when validation fails, and clears a field error when that field changes', async () => {
    const { actor, save } = start();
    actor.send({ type: 'editor.open.create', values: { hostname: 'h1' } });
    actor.send({ type: 'editor.submit' });
    expect(actor.getSnapshot().matches({ form: 'validating' })).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'required' });
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'editor.change', values: { name: 'K' } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('validates, submits and lands in saved, reporting the record', async () => {
    const { actor, save } = start();
    const saved = vi.fn();
    actor.on('editor.saved', saved);
    actor.send({ type: 'editor.open.create' });
    actor.send({ type: 'editor.change', values: { name: 'Kiosk 7', hostname: 'kiosk-7' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(save.mock.calls[0]?.[0].input).toEqual({
      mode: 'create',
      id: null,
      values: { name: 'Kiosk 7', hostname: 'kiosk-7' },
      version: null,
    });
    expect(saved).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'create', record: { id: 'new-1', name: 'Kiosk 7', hostname: 'kiosk-7' } }),
    );
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'editor.close' });
    expect(actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
  });

  it('edits an existing record with its id', async () => {
    const { actor, save } = start();
    actor.send({ type: 'editor.open.edit', id: '7', values: { name: 'A', hostname: 'a' } });
    actor.send({ type: 'editor.change', values: { name: 'B' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(save.mock.calls[0]?.[0].input).toEqual({ mode: 'edit', id: '7', values: { name: 'B', hostname: 'a' }, version: null });
  });

  it('keeps the typed values and shows server field errors when the save fails with 422', async () => {
    const { actor } = start({
      save: fromPromise<Saved, SaveInput<Values>>(async () => {
        throw apiError('Validation failed', { name: 'duplicate' });
      }),
    });
    actor.send({ type: 'editor.open.create' });
    actor.send({ type: 'editor.change', values: { name: 'Dup', hostname: 'dup.local' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'failed' }));
    const { context } = actor.getSnapshot();
    expect(context.values).toEqual({ name: 'Dup', hostname: 'dup.local' });
    expect(context.fieldErrors).toEqual({ name: 'duplicate' });
    expect(context.formError).toBe('Validation failed');
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('after a failed save (network), a retry submits the same values and succeeds', async () => {
    let attempt = 0;
    const { actor } = start({
      save: fromPromise(async ({ input }) => {
        attempt += 1;
        if (attempt === 1) throw new Error('Network error');
        return { id: '1', ...input.values };
      }),
    });
    actor.send({ type: 'editor.open.create', values: { name: 'N', hostname: 'n' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'failed' }));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(actor.getSnapshot().context.saved).toEqual({ id: '1', name: 'N', hostname: 'n' });
  });

  it('editing after a failure goes back to the form with the values', async () => {
    const { actor } = start({ save: fromPromise<Saved, SaveInput<Values>>(async () => Promise.reject(apiError('x'))) });
    actor.send({ type: 'editor.open.create', values: { name: 'N' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'failed' }));
    actor.send({ type: 'editor.change', values: { hostname: 'n2' } });
    expect(actor.getSnapshot().matches({ form: { editing: 'dirty' } })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ name: 'N', hostname: 'n2' });
  });

  it('asks before discarding unsaved changes; cancel keeps them, confirm drops them', () => {
    const { actor } = start();
    actor.send({ type: 'editor.open.edit', id: '3', values: { name: 'A', hostname: 'a' } });
    actor.send({ type: 'editor.close' });
    expect(actor.getSnapshot().matches({ form: 'closed' })).toBe(true); // pristine closes at once
    actor.send({ type: 'editor.open.edit', id: '3', values: { name: 'A', hostname: 'a' } });
    actor.send({ type: 'editor.change', values: { name: 'changed' } });
    actor.send({ type: 'editor.close' });
    expect(actor.getSnapshot().matches({ form: 'confirmingDiscard' })).toBe(true);
    actor.send({ type: 'editor.discard.cancel' });
    expect(actor.getSnapshot().matches({ form: { editing: 'dirty' } })).toBe(true);
    expect(actor.getSnapshot().context.values.name).toBe('changed');
    actor.send({ type: 'editor.close' });
    actor.send({ type: 'editor.discard.confirm' });
    expect(actor.getSnapshot().matches({ form: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual(empty);
  });

  it('closing after a failed save asks too (the typed values are unsaved)', async () => {
    const { actor } = start({ save: fromPromise<Saved, SaveInput<Values>>(async () => Promise.reject(apiError('x'))) });
    actor.send({ type: 'editor.open.create', values: { name: 'N' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'failed' }));
    actor.send({ type: 'editor.close' });
    expect(actor.getSnapshot().matches({ form: 'confirmingDiscard' })).toBe(true);
  });
});

describe('editor machine: reports the form opening and closing', () => {
  it('reports editor.form.opened / editor.form.closed exactly when the drawer’s `open` tag comes and goes', async () => {
    const { actor } = start();
    const reports: string[] = [];
    const flips: string[] = [];
    actor.on('editor.form.opened', (e) => reports.push(e.type));
    actor.on('editor.form.closed', (e) => reports.push(e.type));
    let open = actor.getSnapshot().hasTag('open');
    actor.subscribe((s) => {
      if (s.hasTag('open') === open) return;
      open = s.hasTag('open');
      flips.push(open ? 'editor.form.opened' : 'editor.form.closed');
    });

    actor.send({ type: 'editor.open.create' });
    actor.send({ type: 'editor.close' });
    // Dirty: the discard question keeps the drawer open until it is answered.
    actor.send({ type: 'editor.open.edit', id: '7', values: { name: 'A', hostname: 'a' } });
    actor.send({ type: 'editor.change', values: { name: 'B' } });
    actor.send({ type: 'editor.close' });
    actor.send({ type: 'editor.discard.cancel' });
    actor.send({ type: 'editor.close' });
    actor.send({ type: 'editor.discard.confirm' });
    // A save in flight is still open; saved is not.
    actor.send({ type: 'editor.open.create' });
    actor.send({ type: 'editor.change', values: { name: 'Kiosk', hostname: 'k' } });
    actor.send({ type: 'editor.submit' });
    expect(reports.at(-1)).toBe('editor.form.opened');
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    // From saved straight into another record, which is then deleted while open.
    actor.send({ type: 'editor.open.edit', id: '8', values: { name: 'C', hostname: 'c' } });
    actor.send({ type: 'editor.delete' });
    actor.send({ type: 'editor.delete.confirm' });

    expect(reports).toEqual([
      'editor.form.opened',
      'editor.form.closed',
      'editor.form.opened',
      'editor.form.closed',
      'editor.form.opened',
      'editor.form.closed',
      'editor.form.opened',
      'editor.form.closed',
    ]);
    expect(reports).toEqual(flips);
  });
});

describe('editor machine: delete with undo', () => {
  const target = { id: '9', label: 'Kiosk 9' };

  it('asks for confirmation; cancel deletes nothing', () => {
    const { actor, remove } = start();
    actor.send({ type: 'editor.delete', target });
    expect(actor.getSnapshot().matches({ deletion: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.deleteCandidate).toEqual(target);
    actor.send({ type: 'editor.delete.cancel' });
    expect(actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
    expect(remove).not.toHaveBeenCalled();
  });

  it('undo within 5 s cancels the deletion', async () => {
    const { actor, clock, remove } = start();
    const undone = vi.fn();
    actor.on('editor.delete.undone', undone);
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    expect(actor.getSnapshot().matches({ deletion: 'pending' })).toBe(true);
    clock.increment(4999);
    actor.send({ type: 'editor.undo', id: target.id });
    clock.increment(10_000);
    await flush();
    expect(remove).not.toHaveBeenCalled();
    expect(undone).toHaveBeenCalledWith(expect.objectContaining({ target }));
    expect(actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('ignores an undo naming another row (an older toast): the pending row is still deleted', async () => {
    const { actor, clock, remove } = start();
    const undone = vi.fn();
    actor.on('editor.delete.undone', undone);
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    actor.send({ type: 'editor.undo', id: 'another-row' });
    expect(actor.getSnapshot().matches({ deletion: 'pending' })).toBe(true);
    clock.increment(5000);
    await flush();
    expect(undone).not.toHaveBeenCalled();
    expect(remove.mock.calls[0]?.[0].input).toEqual(target);
  });

  it('deletes after 5 s and reports it; undo then is too late', async () => {
    const { actor, clock, remove } = start();
    const deleted = vi.fn();
    actor.on('editor.deleted', deleted);
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    clock.increment(4999);
    expect(remove).not.toHaveBeenCalled();
    clock.increment(1);
    expect(actor.getSnapshot().matches({ deletion: 'deleting' })).toBe(true);
    expect(remove.mock.calls[0]?.[0].input).toEqual(target);
    actor.send({ type: 'editor.undo', id: target.id });
    await waitFor(actor, (s) => s.matches({ deletion: 'idle' }));
    expect(deleted).toHaveBeenCalledWith(expect.objectContaining({ target }));
  });

  it('reports a failed deletion and can be dismissed', async () => {
    const { actor, clock } = start({ remove: fromPromise<unknown, DeleteTarget>(async () => Promise.reject(new Error('gone'))) });
    const failed = vi.fn();
    actor.on('editor.delete.failed', failed);
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    clock.increment(5000);
    await waitFor(actor, (s) => s.matches({ deletion: 'failed' }));
    expect(failed).toHaveBeenCalledWith(expect.objectContaining({ target }));
    actor.send({ type: 'editor.delete.dismiss' });
    expect(actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('a second deletion while one waits commits the first at once, then asks about the second', async () => {
    const { actor, remove } = start();
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    actor.send({ type: 'editor.delete', target: { id: '10', label: 'Kiosk 10' } });
    expect(actor.getSnapshot().matches({ deletion: 'flushing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ deletion: 'confirming' }));
    expect(remove.mock.calls.map((c) => c[0].input.id)).toEqual(['9']);
    expect(actor.getSnapshot().context.deleteCandidate?.id).toBe('10');
  });

  it('deleting the record open in the form closes the form, even when dirty', () => {
    const { actor } = start();
    actor.send({ type: 'editor.open.edit', id: '9', values: { name: 'Kiosk 9', hostname: 'k9' } });
    actor.send({ type: 'editor.change', values: { name: 'x' } });
    actor.send({ type: 'editor.delete' });
    expect(actor.getSnapshot().context.deleteCandidate?.id).toBe('9');
    actor.send({ type: 'editor.delete.confirm' });
    expect(actor.getSnapshot().matches({ form: 'closed', deletion: 'pending' })).toBe(true);
  });

  it('refuses a delete with no target and no open record', () => {
    const { actor } = start();
    actor.send({ type: 'editor.delete' });
    expect(actor.getSnapshot().matches({ deletion: 'idle' })).toBe(true);
  });

  it('the form stays usable while a deletion waits for undo', async () => {
    const { actor } = start();
    actor.send({ type: 'editor.delete', target });
    actor.send({ type: 'editor.delete.confirm' });
    actor.send({ type: 'editor.open.create', values: { name: 'Other' } });
    actor.send({ type: 'editor.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'saved' }));
    expect(actor.getSnapshot().matches({ deletion: 'pending' })).toBe(true);
  });
});

afterAll(() => {
  // Model coverage: every resting state of the machine was reached by some test above.
  const all = leafPaths(machine.root).filter((p) => !p.endsWith('.check'));
  expect(all.filter((p) => !visited.has(p))).toEqual([]);
});
