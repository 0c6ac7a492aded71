import type { ServiceUnit } from '@machines/domain/types';
import type { ApiSchema } from '@/lib/api';

/** A unit as the API answers it: the stored fields plus the status derived at read time (the contract's `ServiceUnit`). */
export type UnitRow = ApiSchema<'ServiceUnit'>;

/** The editable fields, as the form holds them: the contract's `ServiceUnitInput`, the system still unchosen ('') in a new form. */
export type UnitFormValues = Omit<Required<ApiSchema<'ServiceUnitInput'>>, 'operatingSystem'> & {
  operatingSystem: ApiSchema<'OperatingSystem'> | '';
};

export const EMPTY_UNIT: UnitFormValues = {
  name: '',
  hostname: '',
  ipAddress: '',
  operatingSystem: '',
  location: '',
  description: '',
  tags: [],
  maintenance: false,
  screenshotIntervalMinutes: 15,
};

export function toFormValues(unit: ServiceUnit): UnitFormValues {
  return {
    name: unit.name,
    hostname: unit.hostname,
    ipAddress: unit.ipAddress,
    operatingSystem: unit.operatingSystem,
    location: unit.location,
    description: unit.description,
    tags: [...unit.tags],
    maintenance: unit.maintenance,
    screenshotIntervalMinutes: unit.screenshotIntervalMinutes,
  };
}
