import type { BulkReport, BulkRequest, ListContext, ListRow } from './list.types';

/** The list's bulk action: what it asks for and how it reads the answer (list.machine.ts runs it). */

export function pendingBulkAction<T extends ListRow>(context: ListContext<T>): string {
  return context.lastBulk?.action ?? '';
}

/** The bulk request for the selection, with the version each selected row had in view (when rows carry one). */
export function bulkRequestOf<T extends ListRow>(context: ListContext<T>): BulkRequest {
  const request: BulkRequest = { action: pendingBulkAction(context), ids: context.selected };
  const versions: Record<string, number> = {};
  for (const row of context.items) {
    if (context.selected.includes(row.id) && 'version' in row && typeof row.version === 'number') versions[row.id] = row.version;
  }
  return Object.keys(versions).length > 0 ? { ...request, versions } : request;
}

/** A `bulkAction`'s answer read as a BulkResult; any other answer counts every selected row as done. */
export function bulkOutcomeOf(
  output: unknown,
  selected: readonly string[],
): Omit<BulkReport, 'action' | 'changed'> & { changed: string[] } {
  if (typeof output !== 'object' || output === null || !('count' in output) || typeof output.count !== 'number') {
    return { count: selected.length, refused: 0, changed: [] };
  }
  const refused = 'refused' in output && typeof output.refused === 'number' ? output.refused : 0;
  const rows = 'changedElsewhere' in output && Array.isArray(output.changedElsewhere) ? (output.changedElsewhere as unknown[]) : [];
  const changed = rows.flatMap((row) =>
    typeof row === 'object' && row !== null && 'id' in row && selected.includes(String(row.id)) ? [String(row.id)] : [],
  );
  return { count: output.count, refused, changed };
}
