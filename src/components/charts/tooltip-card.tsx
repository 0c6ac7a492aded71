import type { CSSProperties, Ref } from 'react';
import { ColorSwatch, Group, Paper, Text } from '@mantine/core';

// Without uPlot: the bar lists (plain markup) show these too, on pages that load no chart library.

/** One row of the tooltip: a series' name, colour and value at the point (null: no value that day). */
export interface TooltipRow {
  label: string;
  color: string;
  value: number | null;
}

/** A tooltip's card: what the pointer is over, then each series' colour, name and value. */
export function TooltipCard({
  ref,
  style,
  ...content
}: {
  ref?: Ref<HTMLDivElement>;
  label: string;
  rows: readonly TooltipRow[];
  format: (n: number) => string;
  style: CSSProperties;
}) {
  return (
    <Paper ref={ref} withBorder shadow="md" px="md" py="xs" miw={180} style={style}>
      <TooltipContent {...content} />
    </Paper>
  );
}

/** What a tooltip shows, without its card. */
export function TooltipContent({ label, rows, format }: { label: string; rows: readonly TooltipRow[]; format: (n: number) => string }) {
  return (
    <>
      <Text fw={500} size="sm" mb={6}>
        {label}
      </Text>
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" gap="md" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={row.color} size={12} withShadow={false} />
            <Text size="sm">{row.label}</Text>
          </Group>
          <Text size="sm" fw={500}>
            {row.value === null ? '—' : format(row.value)}
          </Text>
        </Group>
      ))}
    </>
  );
}
