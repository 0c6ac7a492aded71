import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitPickerText } from '@/components/unit-picker';

/** The shared unit picker's texts, in this screen's words. */
export function useUnitPickerText(label: string, placeholder: string): UnitPickerText {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      label,
      placeholder,
      nothingFound: t('url-restrictions.noUnits'),
      notFound: t('url-restrictions.unitNotFound'),
      loadFailed: t('url-restrictions.unitsLoadFailed'),
      status: (status) => t(`url-restrictions.unitStatus.${status}`),
    }),
    [label, placeholder, t],
  );
}
