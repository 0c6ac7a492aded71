import { Center, Paper, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails, IconShieldCheck, IconTerminal2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { UnitPicker } from '@/components/unit-picker';
import { MonitorToolbar } from './components/monitor-toolbar';
import { ProcessRulesPanel } from './components/process-rules-panel';
import { ProcessTable } from './components/process-table';
import { useProcessMonitor } from './hooks/use-process-monitor';

type Tab = 'processes' | 'rules';

export default function ProcessesPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const unitId = params.get('unit') || null;
  const tab: Tab = params.get('tab') === 'rules' ? 'rules' : 'processes';
  const actor = useProcessMonitor(unitId, tab);
  // Below 576 px the search hint does not fit a placeholder in every language (pt was cut): it goes under the label, where it wraps.
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false }) === true;

  const go = (next: { unit?: string | null; tab?: Tab }) => {
    const query = new URLSearchParams();
    const unit = next.unit === undefined ? unitId : next.unit;
    const nextTab = next.tab ?? tab;
    if (unit) query.set('unit', unit);
    if (nextTab === 'rules') query.set('tab', 'rules');
    const text = query.toString();
    navigate(`/user/manage-process${text ? `?${text}` : ''}`);
  };

  return (
    <Stack gap="md">
      {/* Small padding: with the monitor and the table below, 8 processes fit 1280×800 and 4 cards a phone. */}
      <Paper withBorder p="sm">
        <UnitPicker
          value={unitId}
          onChange={(id) => go({ unit: id })}
          // 420 px: the pt/fr hint (Pesquisar uma unidade por nome ou nome do host, 358 px of text) fits the field.
          w={{ base: '100%', xs: 420 }}
          description={phone ? t('processes.unitPlaceholder') : undefined}
          text={{
            label: t('processes.unit'),
            placeholder: phone ? '' : t('processes.unitPlaceholder'),
            nothingFound: t('processes.noUnitsFound'),
            notFound: t('processes.unitNotFound'),
            loadFailed: t('processes.unitsLoadFailed'),
            status: (status) => t(`processes.status.${status}`),
          }}
        />
      </Paper>
      {unitId === null ? (
        <Center mih={260}>
          <Stack align="center" gap="xs" maw={420} ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconTerminal2 size={30} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('processes.chooseUnitTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('processes.chooseUnitText')}
            </Text>
          </Stack>
        </Center>
      ) : (
        <Tabs value={tab} onChange={(value) => go({ tab: value === 'rules' ? 'rules' : 'processes' })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="processes" leftSection={<IconListDetails size={16} aria-hidden />}>
              {t('processes.tabProcesses')}
            </Tabs.Tab>
            <Tabs.Tab value="rules" leftSection={<IconShieldCheck size={16} aria-hidden />}>
              {t('processes.tabRules')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="processes" pt="md">
            <Stack gap="sm">
              <MonitorToolbar actor={actor} />
              <ProcessTable actor={actor} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="rules" pt="md">
            <ProcessRulesPanel key={unitId} unitId={unitId} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
