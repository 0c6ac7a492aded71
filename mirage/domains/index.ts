import type { MirageDomain } from '../types';
import { adminDashboardDomain } from './admin-dashboard';
import { authDomain } from './auth';
import { emailDomain } from './email';
import { predictionDomain } from './prediction';
import { processesDomain } from './processes';
import { screenshotsDomain } from './screenshots';
import { serviceUnitsDomain } from './service-units';
import { todoDomain } from './todo';
import { urlRestrictionsDomain } from './url-restrictions';
import { userDashboardDomain } from './user-dashboard';

/** Seed order matters: auth seeds the organizations and users the others refer to. */
export const domains: readonly MirageDomain[] = [
  authDomain,
  serviceUnitsDomain,
  processesDomain,
  screenshotsDomain,
  urlRestrictionsDomain,
  userDashboardDomain,
  predictionDomain,
  adminDashboardDomain,
  todoDomain,
  emailDomain,
];
