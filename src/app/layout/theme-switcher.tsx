import { useState } from 'react';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleHalfVertical, IconMoon, IconSun, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, themeModeStore, useThemeMode, type ThemeMode } from '@/lib/theme';

/** One glyph per theme, none shared with the header's other buttons (the sidebar toggle uses a sidebar glyph). */
const THEME_ICONS: Record<ThemeMode, Icon> = { light: IconSun, dark: IconMoon, 'semi-dark': IconCircleHalfVertical };
const LABEL_KEYS: Record<ThemeMode, string> = {
  light: 'layout.themes.light',
  dark: 'layout.themes.dark',
  'semi-dark': 'layout.themes.semiDark',
};

/** Light, dark, or semi-dark (dark sidebar beside light content); stored by the theme store. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  // Pure UI state: the button's tooltip hides while its menu is open (it showed behind the menu on a phone).
  const [menuOpened, setMenuOpened] = useState(false);
  const mode = useThemeMode();
  const CurrentIcon = THEME_ICONS[mode];
  return (
    <Menu position="bottom-end" withinPortal onChange={setMenuOpened}>
      <Menu.Target>
        <Tooltip disabled={menuOpened} label={t('layout.theme')}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`${t('layout.theme')}: ${t(LABEL_KEYS[mode])}`}>
            <CurrentIcon size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.theme')}</Menu.Label>
        {THEME_MODES.map((m) => {
          const ItemIcon = THEME_ICONS[m];
          return (
            <Menu.Item
              key={m}
              leftSection={<ItemIcon size={16} aria-hidden />}
              rightSection={m === mode ? <IconCheck size={16} aria-hidden /> : null}
              onClick={() => themeModeStore.set(m)}
              aria-current={m === mode ? 'true' : undefined}
            >
              {t(LABEL_KEYS[m])}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
