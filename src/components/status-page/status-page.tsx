import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { DemoResetButton } from './demo-reset-button';

export interface StatusPageProps {
  /** A big code shown above the heading (e.g. "404"); decorative. */
  code?: string;
  icon: Icon;
  color?: MantineColor;
  title: string;
  text: string;
  /** The way out: usually a button home. */
  actions: ReactNode;
  /** Offer "Reset demo data" (demo mode only) under the actions; by default on error pages (those with a code). */
  demoReset?: boolean;
}

/** A full-page message (404, 500, not authorized, maintenance, coming soon): illustration, heading, text and a way out. */
export function StatusPage({
  code,
  icon: IconComponent,
  color = 'primary',
  title,
  text,
  actions,
  demoReset = Boolean(code),
}: StatusPageProps) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 48 }} maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={96} radius={48} variant="light" color={color} aria-hidden>
            <IconComponent size={56} stroke={1.5} />
          </ThemeIcon>
          {code ? (
            <Text fz={48} fw={800} lh={1} c={color} aria-hidden>
              {code}
            </Text>
          ) : null}
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" maw={420}>
            {text}
          </Text>
          {actions}
          {demoReset ? <DemoResetButton /> : null}
        </Stack>
      </Paper>
    </Center>
  );
}
