import { formatTime } from '@/lib/formatters';

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** List time: the clock time today, "Nov 14" this year, a short date before. */
export function formatMailTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return formatTime(date, { hour12: language === 'en' });
  const options: Intl.DateTimeFormatOptions =
    date.getFullYear() === now.getFullYear() ? { month: 'short', day: 'numeric' } : { year: 'numeric', month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat(language, options).format(date);
}

/** Detail time: the full date and the clock time. */
export function formatMailDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(language, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  return `${day}, ${formatTime(date, { hour12: language === 'en' })}`;
}
