/** What the machines keep of a failed call. Structural, so machines need not import the app's ApiError. */
export interface CallFailure {
  message: string;
  status: number;
  fieldErrors: Record<string, string>;
}

export function toCallFailure(error: unknown): CallFailure {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const fieldErrors: Record<string, string> = {};
  if (typeof record['fieldErrors'] === 'object' && record['fieldErrors'] !== null) {
    for (const [key, value] of Object.entries(record['fieldErrors'] as Record<string, unknown>)) {
      if (typeof value === 'string') fieldErrors[key] = value;
    }
  }
  return {
    message: typeof record['message'] === 'string' ? record['message'] : String(error),
    status: typeof record['status'] === 'number' ? record['status'] : 0,
    fieldErrors,
  };
}
