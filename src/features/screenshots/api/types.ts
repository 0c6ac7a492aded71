import type { Screenshot } from '@machines/domain/types';

/** A screenshot as the list and detail endpoints answer it: with its unit's name. */
export interface ScreenshotItem extends Screenshot {
  unitName: string;
}
