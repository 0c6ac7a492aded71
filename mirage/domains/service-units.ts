import type { MirageDomain } from '../types';

export const serviceUnitsDomain: MirageDomain = {
  name: 'service-units',
  routes() {},
};
