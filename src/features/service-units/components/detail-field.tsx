import { Stack, Text } from '@mantine/core';

/** One labelled value of the unit's drawer; a dash when there is nothing to show. */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>
        {children || (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </div>
    </Stack>
  );
}
