import type { MirageDomain } from '../types';

export const emailDomain: MirageDomain = {
  name: 'email',
  routes() {},
};
