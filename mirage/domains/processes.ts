import type { MirageDomain } from '../types';

export const processesDomain: MirageDomain = {
  name: 'processes',
  routes() {},
};
