import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RiskBand } from '@machines/prediction/types';

export const BAND_COLOR: Record<RiskBand, string> = { high: 'red', medium: 'orange', low: 'teal', insufficient: 'gray' };

/** The risk band, with the score when there is one: "High · 82". */
export function RiskBadge({ band, score }: { band: RiskBand; score: number | null }) {
  const { t } = useTranslation();
  return (
    // Never shortened to "Hi…": the badge keeps its full width and the table scrolls instead.
    <Badge
      color={BAND_COLOR[band]}
      variant="light"
      tt="none"
      style={{ whiteSpace: 'nowrap', overflow: 'visible', minWidth: 'max-content' }}
    >
      {score === null ? t(`reports.band.${band}`) : t('reports.bandWithScore', { band: t(`reports.band.${band}`), score })}
    </Badge>
  );
}

/** Trend against last week: "+12", "−3", "±0", or a dash without two weeks of history. */
export function formatTrend(trend: number | null): string {
  if (trend === null) return '—';
  if (trend === 0) return '±0';
  return trend > 0 ? `+${trend}` : `−${Math.abs(trend)}`;
}
