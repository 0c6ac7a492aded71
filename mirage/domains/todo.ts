import type { MirageDomain } from '../types';

export const todoDomain: MirageDomain = {
  name: 'todo',
  routes() {},
};
