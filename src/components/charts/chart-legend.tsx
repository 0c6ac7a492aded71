import { ColorSwatch, Group, getThemeColor, Text, useMantineTheme } from '@mantine/core';

/**
 * A chart's legend: a swatch and the name of each series, at the chart's top right (as Mantine's charts show
 * it). Plain markup without the chart library, so it shows while a lazily loaded chart is still on its way.
 */
export function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  const theme = useMantineTheme();
  return (
    <Group justify="flex-end" gap="md" pb="xs" wrap="wrap">
      {items.map((item) => (
        <Group key={item.label} gap={7} wrap="nowrap">
          <ColorSwatch color={getThemeColor(item.color, theme)} size={12} withShadow={false} />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
