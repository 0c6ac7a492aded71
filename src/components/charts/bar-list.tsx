import { getThemeColor, Group, HoverCard, Progress, Stack, Text, useMantineTheme } from '@mantine/core';
import { TooltipContent } from './tooltip-card';

/** One part of a bar: its series' name, a theme colour ('red.6') and its value. */
export interface BarSegment {
  label: string;
  color: string;
  value: number;
}

/** One bar: what it is of (an organization, a factor) and its parts, stacked from the left. */
export interface BarRow {
  label: string;
  segments: readonly BarSegment[];
}

/**
 * Horizontal bars, one a row, each the sum of its stacked parts, on one scale (the largest sum, or `max`): the row's
 * name above its bar and its sum at the end of the line. Plain markup (Mantine's Progress), so it draws in the
 * page's first render without a chart library, wraps long names on a phone, and its text is the page's own (in
 * contrast in every theme). The pointer over a row shows its parts' values. The bars have no text alternative of
 * their own: put them in a ChartFigure with a table.
 */
export function BarList({
  rows,
  format,
  max,
}: {
  rows: readonly BarRow[];
  format: (value: number) => string;
  /** The value of a full bar; the largest sum without. */
  max?: number;
}) {
  const theme = useMantineTheme();
  const sums = rows.map((row) => row.segments.reduce((sum, s) => sum + s.value, 0));
  const full = Math.max(max ?? 0, ...sums, 1);
  return (
    <Stack gap="sm">
      {rows.map((row, i) => {
        const bar = (
          <div data-testid="bar-row">
            <Group justify="space-between" gap="sm" wrap="nowrap" mb={4}>
              <Text size="sm">{row.label}</Text>
              <Text size="sm" fw={500}>
                {format(sums[i] ?? 0)}
              </Text>
            </Group>
            <Progress.Root size="lg" radius="sm">
              {row.segments.map((s) =>
                s.value > 0 ? (
                  <Progress.Section key={s.label} value={(100 * s.value) / full} color={s.color} withAria={false} data-segment={s.label} />
                ) : null,
              )}
            </Progress.Root>
          </div>
        );
        // A bar of one part says all in its line; of several, the pointer over it shows each part's value (in a
        // layer of its own: the chart's card clips what overflows it).
        return row.segments.length > 1 ? (
          <HoverCard key={row.label} position="bottom-start" offset={4} shadow="md" openDelay={0} closeDelay={0}>
            <HoverCard.Target>{bar}</HoverCard.Target>
            <HoverCard.Dropdown miw={180} py="xs">
              <TooltipContent
                label={row.label}
                rows={row.segments.map((s) => ({ label: s.label, color: getThemeColor(s.color, theme), value: s.value }))}
                format={format}
              />
            </HoverCard.Dropdown>
          </HoverCard>
        ) : (
          <div key={row.label}>{bar}</div>
        );
      })}
    </Stack>
  );
}
