import { Alert, Badge, Button, Code, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Page } from '@machines/domain/types';
import type { jobMachine } from '@machines/job/job.machine';
import { RelativeTime } from '@/components/data-list';

type JobRef = ActorRefFrom<typeof jobMachine>;

/** One audit-log entry as the API answers it (docs/users.md, "Audit log"). */
export interface AuditEntry {
  id: string;
  at: string;
  actorId: string;
  actorName: string;
  actorRoleId: number;
  organizationId: string;
  resource: string;
  action: string;
  recordId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string;
}

/** The fields an entry changed: "status: active → suspended". */
function changes(entry: AuditEntry): { field: string; from: string; to: string }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => f !== 'updatedAt' && f !== 'createdAt');
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return fields
    .filter((f) => show(before[f]) !== show(after[f]))
    .map((field) => ({ field, from: show(before[field]), to: show(after[field]) }));
}

/** A record's own audit-log entries, newest first, loaded by a task actor whose input is the record id. */
export function AuditTrail({ audit, recordId }: { audit: JobRef; recordId: string }) {
  const { t } = useTranslation();
  const busy = useSelector(audit, (s) => s.hasTag('busy'));
  const page = useSelector(audit, (s) => (s.context.input === recordId ? (s.context.output as Page<AuditEntry> | null) : null));
  const error = useSelector(audit, (s) => (s.context.input === recordId ? s.context.error : null));
  if (busy || (!page && !error)) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" title={t('audit.failed')} role="alert">
        <Button size="xs" variant="light" mt="xs" onClick={() => audit.send({ type: 'job.start', input: recordId })}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const items = page?.items ?? [];
  if (items.length === 0) return <Text c="dimmed">{t('audit.empty')}</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2} aria-label={t('audit.title')}>
      {items.map((entry) => (
        <Timeline.Item
          key={entry.id}
          title={
            <Group gap="xs">
              <Badge variant="light">{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Badge>
              <Text size="sm">{t('audit.by', { name: entry.actorName, role: t(`audit.roles.${entry.actorRoleId}`) })}</Text>
            </Group>
          }
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              <RelativeTime value={entry.at} />
            </Text>
            {entry.reason && <Text size="sm">{t('audit.reason', { reason: entry.reason })}</Text>}
            {changes(entry).map((c) => (
              <Text size="xs" key={c.field}>
                <Code>{c.field}</Code> {c.from} → {c.to}
              </Text>
            ))}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
