import { useId, useState, type ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { childLabelKey, isActivePath, menuFor, type MenuEntry } from './navigation';

/** The role's menu from the route table: area items, Reports sub-menu, Apps. */
export function SideMenu({ role, onNavigate }: { role: RoleId | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Stack gap="md" py="xs">
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
                return (
                  <div role="listitem" key={entry.labelKey}>
                    <SubMenu entry={entry} icon={icon} location={location} onNavigate={onNavigate} />
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

/** A sub-menu such as Reports > Prediction; open when one of its pages is current. */
function SubMenu({ entry, icon, location, onNavigate }: { entry: MenuEntry; icon: ReactNode; location: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const children = entry.children ?? [];
  // Open/closed is pure UI state.
  const [opened, setOpened] = useState(() => children.some((c) => isActivePath(location, c.path)));
  const id = useId();
  return (
    <NavLink
      component="button"
      label={t(entry.labelKey)}
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={id}
      childrenOffset={28}
    >
      <div id={id}>
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
      </div>
    </NavLink>
  );
}
