import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { UrlRuleSchedule, Weekday } from '@machines/domain/types';
import { scheduleText } from './rule-summary';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
// English's words for the keys scheduleText uses.
const t = ((key: string, values?: Record<string, string>) => {
  const day = /^url-restrictions\.days\.short\.(\d)$/.exec(key);
  if (day) return DAYS[Number(day[1])];
  if (key === 'url-restrictions.schedule.window') return `${values?.['days']}, ${values?.['from']}–${values?.['to']}`;
  return key;
}) as unknown as TFunction;

const window = (days: Weekday[]): UrlRuleSchedule => ({ kind: 'window', days, from: '08:00', to: '18:00' });

describe('scheduleText', () => {
  it('writes three or more days in a row as a range, Monday first', () => {
    expect(scheduleText(window([1, 2, 3, 4, 5]), t)).toBe('Mon–Fri, 08:00–18:00');
    expect(scheduleText(window([6, 0]), t)).toBe('Sat, Sun, 08:00–18:00');
    expect(scheduleText(window([5, 6, 0, 1]), t)).toBe('Mon, Fri–Sun, 08:00–18:00');
    expect(scheduleText(window([1, 3, 4, 5, 0]), t)).toBe('Mon, Wed–Fri, Sun, 08:00–18:00');
  });
});
