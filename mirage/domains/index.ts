import type { MirageDomain } from '../types';
import { auditDomain } from './audit';
import { authDomain } from './auth';
import { emailDomain } from './email';
import { organizationsDomain } from './organizations';
import { processesDomain } from './processes';
import { screenshotsDomain } from './screenshots';
import { serviceUnitsDomain } from './service-units';
import { todoDomain } from './todo';
import { urlRestrictionsDomain } from './url-restrictions';
import { usersDomain } from './users';

/** Seed order matters: auth seeds the organizations and users the others refer to. */
export const domains: readonly MirageDomain[] = [
  authDomain,
  serviceUnitsDomain,
  processesDomain,
  screenshotsDomain,
  urlRestrictionsDomain,
  // After the URL rules: the large seed's 998 extra organizations get no per-organization rules.
  organizationsDomain,
  usersDomain,
  auditDomain,
  todoDomain,
  emailDomain,
];

/**
 * The collections the domains' `seedLater` write (with the agents' secret, a single row): the large ones no
 * sign-in, session or account request reads. A first visit in the browser answers sign-in before they are
 * seeded and keeps them hidden until they are (docs/persistence.md, "First visit").
 */
export const LATER_SEEDED_COLLECTIONS: readonly string[] = ['serviceUnits', 'processRules', 'processes', 'screenshots', 'urlRestrictions'];
