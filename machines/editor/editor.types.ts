/** The editor machine's types: its mode and values, what it asks its actors, its context, input and events. */

export type FieldErrors = Record<string, string>;
export type EditorMode = 'create' | 'edit';

export interface DeleteTarget {
  id: string;
  /** What the confirmation and the undo notification name, e.g. the unit's name. */
  label: string;
}

export interface ValidateInput<V> {
  mode: EditorMode;
  values: V;
}
export interface SaveInput<V> {
  mode: EditorMode;
  id: string | null;
  values: V;
  /** The record's version as the form read it (its ETag, sent as If-Match), or null. */
  version: string | null;
}

/**
 * What the save actor throws when the record changed since the form read it: the app reads the server's
 * current record into the form's values (the machine knows no record shape).
 */
export interface EditConflict<V> {
  theirs: V;
  /** Their version (ETag): keeping mine saves against it. */
  version: string;
  /** Who changed it and when, where the server says. */
  changedBy: string | null;
  changedAt: string | null;
}

export interface EditorContext<V, T> {
  /** The empty record every new form starts from. */
  empty: V;
  mode: EditorMode;
  id: string | null;
  initial: V;
  values: V;
  fieldErrors: FieldErrors;
  /** The server's message of the last failed save, or null. */
  formError: string | null;
  /** The error object of the last failed save (the view may look at its status). */
  saveError: unknown;
  saved: T | null;
  /** The open record's version (ETag) as read, or null (a create, or a record without one). */
  version: string | null;
  /** The change made elsewhere that refused the last save (in `conflict`), or null. */
  conflict: EditConflict<V> | null;
  /** The row the user asked to delete (confirming). */
  deleteCandidate: DeleteTarget | null;
  /** The row whose deletion waits for undo or is running: the screen's only record of it. */
  pendingDelete: DeleteTarget | null;
  deleteError: unknown;
  undoMs: number;
}

export interface EditorInput<V> {
  /** Empty values for a new record. */
  empty: V;
  /** Undo window for deletions, ms (default 5000). */
  undoMs?: number;
}

export type EditorEvent<V> =
  | { type: 'editor.open.create'; values?: Partial<V> }
  | { type: 'editor.open.edit'; id: string; values: V; version?: string | null }
  | { type: 'editor.change'; values: Partial<V> }
  | { type: 'editor.submit' }
  | { type: 'editor.close' }
  | { type: 'editor.discard.confirm' }
  | { type: 'editor.discard.cancel' }
  /** In `conflict`: their values into the form (to edit on from there). */
  | { type: 'editor.conflict.takeTheirs' }
  /** In `conflict`: save the form's values over theirs. */
  | { type: 'editor.conflict.keepMine' }
  /** In `conflict`: back to the form, values as typed. */
  | { type: 'editor.conflict.cancel' }
  | { type: 'editor.delete'; target?: DeleteTarget }
  | { type: 'editor.delete.confirm' }
  | { type: 'editor.delete.cancel' }
  /** Names the row: an undo for a delete that is no longer pending (another toast's) is ignored. */
  | { type: 'editor.undo'; id: string }
  | { type: 'editor.delete.dismiss' }
  /** Internal: the open record was deleted, close the form without asking. */
  | { type: 'editor.form.dismiss' };
