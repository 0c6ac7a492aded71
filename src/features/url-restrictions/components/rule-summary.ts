import type { TFunction } from 'i18next';
import type { UrlRuleSchedule, UrlRuleScope } from '@machines/domain/types';

const ORDER = [1, 2, 3, 4, 5, 6, 0];

export function scheduleText(schedule: UrlRuleSchedule, t: TFunction): string {
  if (schedule.kind === 'always') return t('url-restrictions.schedule.always');
  if (schedule.days.length === 7) return t('url-restrictions.schedule.everyDay', { from: schedule.from, to: schedule.to });
  const days = ORDER.filter((d) => (schedule.days as number[]).includes(d)).map((d) => t(`url-restrictions.days.short.${d}`));
  return t('url-restrictions.schedule.window', { days: days.join(', '), from: schedule.from, to: schedule.to });
}

export function scopeText(scope: UrlRuleScope, t: TFunction): string {
  return scope.kind === 'all' ? t('url-restrictions.scope.all') : t('url-restrictions.scope.units', { count: scope.unitIds.length });
}
