import type { TFunction } from 'i18next';
import type { UrlRuleSchedule, UrlRuleScope } from '@machines/domain/types';

const ORDER = [1, 2, 3, 4, 5, 6, 0];

export function scheduleText(schedule: UrlRuleSchedule, t: TFunction): string {
  if (schedule.kind === 'always') return t('url-restrictions.schedule.always');
  if (schedule.days.length === 7) return t('url-restrictions.schedule.everyDay', { from: schedule.from, to: schedule.to });
  return t('url-restrictions.schedule.window', { days: dayRuns(schedule.days as number[], t), from: schedule.from, to: schedule.to });
}

/** "Mon–Fri", "Mon, Wed, Sat–Sun": three or more days in a row as a range (a rule's row stays on one line). */
function dayRuns(days: number[], t: TFunction): string {
  const runs: number[][] = [];
  for (const d of ORDER.filter((day) => days.includes(day))) {
    const run = runs.at(-1);
    if (run && ORDER.indexOf(run.at(-1) ?? -1) === ORDER.indexOf(d) - 1) run.push(d);
    else runs.push([d]);
  }
  const name = (d: number) => t(`url-restrictions.days.short.${d}`);
  return runs.flatMap((run) => (run.length >= 3 ? [`${name(run[0] ?? 0)}–${name(run.at(-1) ?? 0)}`] : run.map(name))).join(', ');
}

export function scopeText(scope: UrlRuleScope, t: TFunction): string {
  return scope.kind === 'all' ? t('url-restrictions.scope.all') : t('url-restrictions.scope.units', { count: scope.unitIds.length });
}
