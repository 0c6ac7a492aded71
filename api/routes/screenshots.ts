import { json, noContent } from '../http';
import {
  bulkDeleteScreenshots,
  listScreenshots,
  readCaptureRequest,
  readScreenshot,
  readScreenshotQuery,
  removeScreenshot,
  requestCapture,
  screenshotImage,
  updateScreenshot,
} from '../services/screenshots';
import type { SignedInInput, SignedInRoutes } from './types';

/** /api/screenshots and a unit's capture requests (docs/api/openapi.yaml): HTTP in, the screenshots service's rules, HTTP out. */

const update = async ({ env, caller, body, params }: SignedInInput) => {
  const saved = await updateScreenshot(env, caller, params['id'] ?? '', body);
  return saved.ok ? json(200, saved.row) : saved.response;
};

export const screenshotRoutes: SignedInRoutes = {
  getScreenshots: async ({ env, caller, request }) =>
    json(200, await listScreenshots(env, caller, readScreenshotQuery(new URL(request.url).searchParams))),
  getScreenshot: async ({ env, caller, params }) => {
    const found = await readScreenshot(env, caller, params['id'] ?? '');
    return found.ok ? json(200, found.row) : found.response;
  },
  patchScreenshot: update,
  putScreenshot: update,
  deleteScreenshot: async ({ env, caller, params }) => (await removeScreenshot(env, caller, params['id'] ?? '')) ?? noContent(),
  bulkDeleteScreenshots: async ({ env, caller, body }) => {
    const done = await bulkDeleteScreenshots(env, caller, body);
    return done instanceof Response ? done : json(200, done);
  },
  // The image as the agent uploaded it, base64 in JSON (the contract's ScreenshotImage); the app draws it as a data URL.
  getScreenshotImage: async ({ env, caller, params }) => {
    const found = await screenshotImage(env, caller, params['id'] ?? '');
    return found.ok ? json(200, found.row) : found.response;
  },
  requestCapture: async ({ env, caller, params }) => {
    const found = await requestCapture(env, caller, params['id'] ?? '');
    return found.ok ? json(202, found.row) : found.response;
  },
  getCaptureRequest: async ({ env, caller, params }) => {
    const found = await readCaptureRequest(env, caller, params['id'] ?? '');
    return found.ok ? json(200, found.row) : found.response;
  },
};
