import type { MirageDomain } from '../types';

export const screenshotsDomain: MirageDomain = {
  name: 'screenshots',
  routes() {},
};
