import type { ServiceUnit, UnitStatus } from '@machines/domain/types';

/** A unit as the API answers it: the stored fields plus the status derived at read time. */
export type UnitRow = ServiceUnit & { status: UnitStatus };

/** The editable fields, as the form and the API body carry them. */
export interface UnitFormValues {
  name: string;
  hostname: string;
  ipAddress: string;
  operatingSystem: ServiceUnit['operatingSystem'] | '';
  location: string;
  description: string;
  tags: string[];
  maintenance: boolean;
  screenshotIntervalMinutes: number;
}

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
