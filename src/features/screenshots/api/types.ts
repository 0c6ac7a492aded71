import type { ApiSchema } from '@/lib/api';

/** A screenshot as the list and detail endpoints answer it: with its unit's name (the contract's `Screenshot`). */
export type ScreenshotItem = ApiSchema<'Screenshot'>;
