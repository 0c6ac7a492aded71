import { useState } from 'react';
import { Alert, Badge, Button, Center, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconListDetails, IconSearchOff, IconShieldLock } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { unitDetailMachine } from '@machines/service-units/unit-detail.machine';
import { RelativeTime } from '@/components/data-list';
import type { UnitRow } from '../api/types';
import { DetailField } from './detail-field';
import { StatusBadge } from './status-badge';
import { UnitAgentSection } from './unit-agent-section';

type DetailRef = ActorRefFrom<typeof unitDetailMachine>;

export function UnitDetailDrawer({
  detail,
  onClose,
  onEdit,
  onDelete,
}: {
  detail: DetailRef;
  onClose: () => void;
  onEdit: (unit: UnitRow) => void;
  onDelete: (unit: UnitRow) => void;
}) {
  const { t } = useTranslation();
  const opened = useSelector(detail, (s) => s.hasTag('open'));
  const unit = useSelector(detail, (s) => s.context.unit);
  const state = useSelector(detail, (s) =>
    s.matches('loading') ? 'loading' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loaded',
  );
  const id = useSelector(detail, (s) => s.context.id);
  // Edit hands the unit over to the edit drawer: this one closes (both share one layer, so the form would
  // open underneath it) and does not pull focus back to the list behind the form.
  const [handingOff, setHandingOff] = useState(false);
  const editUnit = (u: UnitRow) => {
    setHandingOff(true);
    onClose();
    onEdit(u);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={unit?.name ?? t('service-units.detail.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      returnFocus={!handingOff}
      onExitTransitionEnd={() => setHandingOff(false)}
    >
      {state === 'loading' && (
        <Center mih={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
      {state === 'notFound' && (
        <Stack align="center" ta="center" py="xl" role="alert">
          <IconSearchOff size={40} aria-hidden />
          <Title order={3} size="h4">
            {t('service-units.detail.notFoundTitle')}
          </Title>
          <Text c="dimmed">{t('service-units.detail.notFoundText', { id })}</Text>
          <Button variant="light" onClick={onClose}>
            {t('service-units.detail.backToList')}
          </Button>
        </Stack>
      )}
      {state === 'failed' && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('service-units.detail.loadFailed')} role="alert">
          <Button size="xs" variant="outline" color="red" onClick={() => detail.send({ type: 'detail.retry' })}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {state === 'loaded' && unit && (
        <Stack gap="lg">
          <Group gap="sm">
            <StatusBadge status={unit.status} />
            <Text size="sm" c="dimmed">
              {t('service-units.detail.lastSeen')} <RelativeTime value={unit.lastSeenAt} />
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DetailField label={t('service-units.fields.hostname')}>
              <Text size="sm" ff="monospace">
                {unit.hostname}
              </Text>
            </DetailField>
            <DetailField label={t('service-units.fields.ipAddress')}>
              {unit.ipAddress && (
                <Text size="sm" ff="monospace">
                  {unit.ipAddress}
                </Text>
              )}
            </DetailField>
            <DetailField label={t('service-units.fields.operatingSystem')}>
              <Text size="sm">{t(`service-units.os.${unit.operatingSystem}`)}</Text>
            </DetailField>
            <DetailField label={t('service-units.fields.agentVersion')}>
              <Text size="sm">{unit.agentVersion}</Text>
            </DetailField>
            <DetailField label={t('service-units.fields.location')}>{unit.location && <Text size="sm">{unit.location}</Text>}</DetailField>
            <DetailField label={t('service-units.fields.screenshotInterval')}>
              <Text size="sm">
                {unit.screenshotIntervalMinutes === 0
                  ? t('service-units.detail.screenshotsOff')
                  : t('service-units.detail.everyMinutes', { count: unit.screenshotIntervalMinutes })}
              </Text>
            </DetailField>
            <DetailField label={t('service-units.fields.tags')}>
              {unit.tags.length > 0 && (
                <Group gap={4}>
                  {unit.tags.map((tag) => (
                    <Badge key={tag} variant="default" tt="none" radius="sm">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </DetailField>
            <DetailField label={t('service-units.fields.createdAt')}>
              <RelativeTime value={unit.createdAt} />
            </DetailField>
          </SimpleGrid>
          <DetailField label={t('service-units.fields.description')}>
            {unit.description && <Text size="sm">{unit.description}</Text>}
          </DetailField>
          <UnitAgentSection detail={detail} unit={unit} />
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('service-units.detail.related')}
            </Title>
            <Group gap="xs">
              <Button
                component={Link}
                href={`/user/manage-process?unit=${encodeURIComponent(unit.id)}`}
                variant="light"
                leftSection={<IconListDetails size={16} aria-hidden />}
              >
                {t('service-units.detail.processes')}
              </Button>
              <Button
                component={Link}
                href={`/user/manage-screenshots?unit=${encodeURIComponent(unit.id)}`}
                variant="light"
                leftSection={<IconCamera size={16} aria-hidden />}
              >
                {t('service-units.detail.screenshots')}
              </Button>
              <Button
                component={Link}
                href={`/user/url-restrictions?unit=${encodeURIComponent(unit.id)}`}
                variant="light"
                leftSection={<IconShieldLock size={16} aria-hidden />}
              >
                {t('service-units.detail.urlRules')}
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" color="red" onClick={() => onDelete(unit)}>
              {t('common.delete')}
            </Button>
            <Button onClick={() => editUnit(unit)}>{t('common.edit')}</Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
