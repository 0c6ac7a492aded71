import { Anchor, Card, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UnitPrediction } from '@machines/prediction/types';
import { formatTrend, RiskBadge } from './risk-badge';

/** The ten highest-risk units of the scope; choosing one shows its forecast below. */
export function TopUnits({
  units,
  selectedId,
  onSelect,
}: {
  units: UnitPrediction[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm" id="top-units-title">
        {t('reports.topUnits')}
      </Title>
      {units.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('reports.noUnits')}
        </Text>
      ) : (
        // Fits a phone's card (326 px of room at 390); narrower, it scrolls with its scrollbar always shown.
        <Table.ScrollContainer minWidth={300} scrollAreaProps={{ type: 'auto' }}>
          <Table verticalSpacing={6} highlightOnHover aria-labelledby="top-units-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.columns.unit')}</Table.Th>
                <Table.Th>{t('reports.columns.risk')}</Table.Th>
                <Table.Th>{t('reports.columns.trendShort')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {units.map((u) => (
                <Table.Tr key={u.serviceUnitId} bg={u.serviceUnitId === selectedId ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      fw={500}
                      ta="left"
                      onClick={() => onSelect(u.serviceUnitId)}
                      aria-current={u.serviceUnitId === selectedId ? 'true' : undefined}
                    >
                      {u.unitName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {u.organizationName}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <RiskBadge band={u.band} score={u.riskScore} />
                  </Table.Td>
                  <Table.Td>{formatTrend(u.trend)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
