import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { childLabelKey, isActivePath, menuFor } from './navigation';

/** The role's menu from the route table: area items, Reports sub-menu, Apps. */
export function SideMenu({ role, onNavigate }: { role: RoleId | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack component="nav" gap="md" aria-label={t('layout.mainMenu')} py="xs">
        {menuFor(role).map((section) => (
          <div key={section.id}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4} id={`menu-section-${section.id}`}>
              {t(section.labelKey)}
            </Text>
            <div role="list" aria-labelledby={`menu-section-${section.id}`}>
              {section.entries.map((entry) => {
                const EntryIcon = entry.icon;
                const icon = EntryIcon ? <EntryIcon size={18} stroke={1.6} aria-hidden /> : null;
                if (entry.route) {
                  const active = isActivePath(location, entry.route.path);
                  return (
                    <div role="listitem" key={entry.route.path}>
                      <NavLink
                        component={Link}
                        href={entry.route.path}
                        label={t(entry.labelKey)}
                        leftSection={icon}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        variant="filled"
                        onClick={onNavigate}
                      />
                    </div>
                  );
                }
                const children = entry.children ?? [];
                const open = children.some((c) => isActivePath(location, c.path));
                return (
                  <div role="listitem" key={entry.labelKey}>
                    <NavLink label={t(entry.labelKey)} leftSection={icon} defaultOpened={open} childrenOffset={28}>
                      {children.map((child) => {
                        const active = isActivePath(location, child.path);
                        return (
                          <NavLink
                            key={child.path}
                            component={Link}
                            href={child.path}
                            label={t(childLabelKey(child))}
                            active={active}
                            aria-current={active ? 'page' : undefined}
                            variant="filled"
                            onClick={onNavigate}
                          />
                        );
                      })}
                    </NavLink>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </Stack>
    </ScrollArea>
  );
}
