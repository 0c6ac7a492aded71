import type { MirageDomain } from '../types';

export const userDashboardDomain: MirageDomain = {
  name: 'user-dashboard',
  routes() {},
};
