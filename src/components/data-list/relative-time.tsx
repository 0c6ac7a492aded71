import { Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { LAZY_KEY, useLazyFloating } from './lazy-floating';
import { lookProps, type ElementLook } from './light-elements';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

/**
 * "3 minutes ago", with the exact date and time in a tooltip on hover and keyboard focus. The tooltip is mounted when the pointer
 * or focus first reaches the time (a list page shows dozens of them).
 */
export function RelativeTime({ value, now }: { value: string | null | undefined; now?: number }) {
  const { t, i18n } = useTranslation();
  if (!value)
    return (
      <Text size="sm" c="dimmed">
        {t('data-list.never')}
      </Text>
    );
  return <RelativeTimeText value={value} language={i18n.language} now={now} />;
}

/** "3 minutes ago" as plain text (a phone's card: no tooltip, no focus stop per card). */
export function relativeText(value: string, language: string): string {
  return dayjs(value).locale(language).fromNow();
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];
const compactFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "5 sec. ago", "há 2 meses", "vor 3 Std.": the short relative time a table column fits (dayjs's "a few seconds ago" / "há alguns
 * segundos" needed 130 px and was cut in a column sized for its values).
 */
export function compactRelativeText(value: string, language: string, now: number = Date.now()): string {
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { style: 'short', numeric: 'auto' });
    compactFormats.set(language, format);
  }
  let amount = (Date.parse(value) - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size || unit === 'year') return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

/**
 * `RelativeTime` for a table cell that knows the language (its cells render again when it changes): no translation hook per
 * cell, which cost about a quarter of a millisecond each on every page of a list.
 */
export function RelativeTimeText({
  value,
  language,
  now,
  compact = false,
  look,
}: {
  value: string;
  language: string;
  now?: number | undefined;
  /** The short form ("5 sec. ago", compactRelativeText) for a narrow column. */
  compact?: boolean;
  /** `Text size="sm"`'s look (useLightLooks): a table's cell draws a plain `time` with it instead of a Text per row. */
  look?: ElementLook | undefined;
}) {
  const { active, ref, handlers } = useLazyFloating<HTMLTimeElement>();
  const date = dayjs(value).locale(language);
  const relative = compact ? compactRelativeText(value, language, now) : now === undefined ? date.fromNow() : date.from(dayjs(now));
  const exact = date.format('LL LTS');
  const timeProps = {
    ref,
    dateTime: value,
    tabIndex: 0,
    'aria-label': `${relative} (${exact})`,
    [LAZY_KEY]: 'time',
    ...(active ? {} : handlers),
  };
  const time = look ? (
    <time {...lookProps(look)} {...timeProps}>
      {relative}
    </time>
  ) : (
    <Text component="time" size="sm" {...timeProps}>
      {relative}
    </Text>
  );
  if (!active) return time;
  return (
    <Tooltip label={exact} withArrow events={{ hover: true, focus: true, touch: true }}>
      {time}
    </Tooltip>
  );
}
