import { useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { RoleId } from '@/lib/roles';
import { childLabelKey, isActivePath, menuFor, type MenuEntry } from './navigation';

/** The role's menu from the route table: area items, Reports sub-menu, Apps. */
export function SideMenu({ role, onNavigate }: { role: RoleId | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  return (
    <ScrollArea type="hover" style={{ flex: 1 }}>
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
                      <MenuLink href={entry.route.path} text={t(entry.labelKey)} icon={icon} active={active} onNavigate={onNavigate} />
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
  const label = useMenuLabel(t(entry.labelKey));
  return (
    <NavLink
      component="button"
      {...label}
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
          return <MenuLink key={child.path} href={child.path} text={t(childLabelKey(child))} active={active} onNavigate={onNavigate} />;
        })}
      </div>
    </NavLink>
  );
}

/**
 * A menu label on at most two lines: a label too long for one line ("Screenshots der Service-Einheit")
 * wraps under itself; one too long even for two ends in "…" and shows in full in a tooltip while the
 * pointer is over its entry or the entry has keyboard focus. The whole text stays in the DOM, so the
 * entry's accessible name is always the full label.
 */
function useMenuLabel(text: string) {
  // Pure UI state: whether the text is cut (measured when the entry is hovered or focused) and shown.
  const [shown, setShown] = useState(false);
  const labelRef = useRef<HTMLSpanElement>(null);
  const show = () => {
    const el = labelRef.current;
    setShown(el !== null && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1));
  };
  const hide = () => setShown(false);
  const span = (
    <span ref={labelRef} data-menu-label style={TWO_LINES}>
      {text}
    </span>
  );
  // Mounted only while shown: a tooltip per entry was a floating element's hooks each in the shell's first render.
  const label = shown ? (
    <Tooltip label={text} opened position="right" withinPortal>
      {span}
    </Tooltip>
  ) : (
    span
  );
  return { label, onMouseEnter: show, onMouseLeave: hide, onFocus: show, onBlur: hide };
}

const TWO_LINES = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'break-word',
  lineHeight: 1.3,
} as const;

function MenuLink({
  href,
  text,
  icon,
  active,
  onNavigate,
}: {
  href: string;
  text: string;
  icon?: ReactNode;
  active: boolean;
  onNavigate?: () => void;
}) {
  const label = useMenuLabel(text);
  return (
    <NavLink
      component={Link}
      href={href}
      {...label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="filled"
      onClick={onNavigate}
    />
  );
}
