import { useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '@/lib/i18n';

/** en/de/fr/pt; i18n stores the choice and sets `<html lang>`. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  // Pure UI state: the button's tooltip hides while its menu is open (it showed behind the menu on a phone).
  const [menuOpened, setMenuOpened] = useState(false);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Menu position="bottom-end" withinPortal onChange={setMenuOpened}>
      <Menu.Target>
        <Tooltip disabled={menuOpened} label={t('layout.language')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${t('layout.language')}: ${t(`layout.languages.${current}`)}`}>
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.language')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            onClick={() => void i18n.changeLanguage(lng)}
            rightSection={lng === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={lng === current ? 'true' : undefined}
          >
            {t(`layout.languages.${lng}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
