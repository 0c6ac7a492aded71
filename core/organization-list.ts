import type { OrganizationCounts } from './organization-counts';
import type { ListQuery, ListSpec } from './list-query';
import type { OrganizationRecord } from './organizations';
import { idSortKey, textSortKey } from './list-query';

/**
 * The organizations' list (GET /api/organizations and its export) behind one async interface, as the
 * users' and units' lists: the embedded backend answers it from memory (mirage/domains/organizations.ts),
 * the server as SQL (server/db/organization-list.ts). Both order, filter and search by
 * organizationListEntry, so they return the same ids in the same order by construction (proved by
 * server/db/organization-list.test.ts).
 */

export type OrganizationStatus = 'active' | 'suspended' | 'archived';
/** Status sorts in this order (its index). */
export const ORGANIZATION_STATUSES: readonly OrganizationStatus[] = ['active', 'suspended', 'archived'];

/** What the list needs of an organization (with the defaults of older rows applied). */
export interface OrganizationListSource {
  id: string | number;
  name: string;
  code: string;
  contactEmail: string;
  timezone: string;
  status: OrganizationStatus;
  seatLimit: number;
  createdAt: string;
}

/** Columns sorted by their text (textSortKey); status, the seat limit and the counts sort by number. */
export const ORGANIZATION_TEXT_SORTS = ['name', 'code', 'timezone', 'createdAt'] as const;
export type OrganizationTextSort = (typeof ORGANIZATION_TEXT_SORTS)[number];
export const ORGANIZATION_SORTS = [...ORGANIZATION_TEXT_SORTS, 'status', 'seatLimit', 'unitCount', 'userCount'] as const;

/** An organization as the list sees it: what every store sorts, filters and searches by. */
export interface OrganizationListEntry {
  id: string;
  idKey: string;
  keys: Record<OrganizationTextSort, string>;
  status: OrganizationStatus;
  seatLimit: number;
  /** The texts a search looks in, lower-cased: a search matches when one contains it. */
  search: string[];
}

/** Raise with any change to organizationListEntry or the sort keys: a store that keeps entries fills them again. */
export const ORGANIZATION_LIST_VERSION = 1;

export function organizationListEntry(organization: OrganizationListSource): OrganizationListEntry {
  return {
    id: String(organization.id),
    idKey: idSortKey(organization.id),
    keys: {
      name: textSortKey(organization.name),
      code: textSortKey(organization.code),
      timezone: textSortKey(organization.timezone),
      createdAt: textSortKey(organization.createdAt),
    },
    status: organization.status,
    seatLimit: organization.seatLimit,
    search: [organization.name, organization.code, organization.contactEmail].map((text) => text.toLowerCase()),
  };
}

/** One organization of a page, with its counts (which the list shows and may sort by). */
export interface OrganizationListItem<R> {
  record: R;
  counts: OrganizationCounts;
}

export interface OrganizationListRepository<R> {
  /** One page of the query (the export asks page 1 of up to 20,000 rows), with how many match in all. */
  list(query: ListQuery): Promise<{ rows: OrganizationListItem<R>[]; total: number }>;
}

/** An organization with its counts, as the embedded backend's list sorts, filters and searches it. */
export type OrganizationListRow = OrganizationRecord & OrganizationCounts;

/** The list's query rules (GET /api/organizations and its export): sortable columns, the status filter, search. */
export const ORGANIZATION_LIST_SPEC: ListSpec<OrganizationListRow> = {
  sortBy: {
    name: (o) => o.name,
    code: (o) => o.code,
    status: (o) => ORGANIZATION_STATUSES.indexOf(o.status),
    seatLimit: (o) => o.seatLimit,
    unitCount: (o) => o.unitCount,
    userCount: (o) => o.userCount,
    timezone: (o) => o.timezone,
    createdAt: (o) => o.createdAt,
  },
  defaultSort: 'name',
  filters: { status: (o, values) => values.includes(o.status) },
  searchIn: (o) => [o.name, o.code, o.contactEmail],
  maxPageSize: 100,
};
