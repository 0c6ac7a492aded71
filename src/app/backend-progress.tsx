import { useSyncExternalStore } from 'react';
import { Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { backendProgress } from './backend';
import classes from './backend-progress.module.css';

/**
 * A thin bar at the bottom edge while the embedded backend seeds a fresh database (demo mode, first visit; long
 * with VITE_SEED=large), its label above it. The page stays usable meanwhile: requests wait for the backend,
 * and clicks pass through. It slides in only after a moment (CSS), so a fast default seed does not flash it.
 */
export function BackendProgressBar() {
  const { t } = useTranslation();
  const progress = useSyncExternalStore(backendProgress.subscribe, backendProgress.get, backendProgress.get);
  if (progress.phase !== 'seeding' && progress.phase !== 'storing') return null;
  const percent = Math.round(progress.done * 100);
  const label = progress.phase === 'storing' ? t('boot.storing') : t('boot.preparingProgress', { percent });
  return (
    <div className={classes.root} role="status">
      <Text size="xs" className={classes.label}>
        {label}
      </Text>
      <Progress value={percent} size="sm" radius={0} aria-label={t('boot.preparing')} animated={progress.phase === 'storing'} />
    </div>
  );
}
