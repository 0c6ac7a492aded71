import type { ReactNode } from 'react';
import { Button, Drawer, Group, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { jobMachine } from '@machines/job/job.machine';
import { AuditTrail } from '@/components/audit-trail';

/** One labelled value of a record's details. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/**
 * One record in a right-hand drawer: a details tab (status badge, Edit for who may edit, the fields) and,
 * for who may read the audit log, an audit tab that loads the record's trail when first opened.
 */
export function RecordDetailDrawer<Row extends { id: string }>({
  row,
  title,
  detailsLabel,
  badge,
  editLabel,
  onEdit,
  audit,
  showAudit,
  onClose,
  children,
}: {
  row: Row | null;
  title: (row: Row) => string;
  detailsLabel: string;
  badge: (row: Row) => ReactNode;
  editLabel: string;
  onEdit: ((row: Row) => void) | null;
  audit: ActorRefFrom<typeof jobMachine>;
  showAudit: boolean;
  onClose: () => void;
  /** The details below the badge. */
  children: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="lg" title={row ? title(row) : ''}>
      {row && (
        <Tabs
          defaultValue="details"
          keepMounted={false}
          onChange={(tab) => tab === 'audit' && audit.send({ type: 'job.start', input: row.id })}
        >
          <Tabs.List>
            <Tabs.Tab value="details">{detailsLabel}</Tabs.Tab>
            {showAudit && <Tabs.Tab value="audit">{t('audit.title')}</Tabs.Tab>}
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="md">
              <Group justify="space-between">
                {badge(row)}
                {onEdit && (
                  <Button size="xs" variant="light" onClick={() => onEdit(row)}>
                    {editLabel}
                  </Button>
                )}
              </Group>
              {children(row)}
            </Stack>
          </Tabs.Panel>
          {showAudit && (
            <Tabs.Panel value="audit" pt="md">
              <AuditTrail audit={audit} recordId={row.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Drawer>
  );
}
