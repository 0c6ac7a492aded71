import type { MirageDomain } from '../types';

export const urlRestrictionsDomain: MirageDomain = {
  name: 'url-restrictions',
  routes() {},
};
