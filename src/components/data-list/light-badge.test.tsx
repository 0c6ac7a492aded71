import { Badge, rem, type BadgeProps } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { lightBadge, useBadgeLook, type BadgeLookProps } from './light-badge';

/** An element's tag, attributes (in any order, the style's declarations too) and children, for comparing two renderings. */
function shape(node: Element | null | undefined): string {
  if (!node) return '';
  const attributes = [...node.attributes]
    .map((a) =>
      a.name === 'style'
        ? `style=${a.value
            .split(';')
            .map((d) => d.trim())
            .filter(Boolean)
            .sort()
            .join(';')}`
        : `${a.name}=${a.value}`,
    )
    .sort()
    .join(' ');
  const children = [...node.childNodes].map((child) => (child instanceof Element ? shape(child) : (child.textContent ?? ''))).join('');
  return `<${node.tagName} ${attributes}>${children}</${node.tagName}>`;
}

function Light({ look, style, title }: { look: BadgeLookProps; style?: React.CSSProperties; title?: string }) {
  return lightBadge(useBadgeLook(look), 'Online', { style, title });
}

const LOOKS: BadgeLookProps[] = [
  { color: 'teal', variant: 'light', radius: 'sm', size: 'sm' },
  { color: 'gray', variant: 'outline', radius: 'sm', size: 'sm' },
  { color: 'orange', variant: 'light', radius: 'sm' },
  { variant: 'default', radius: 'sm', size: 'sm' },
  {},
];

describe('lightBadge', () => {
  it.each(LOOKS)('draws what Mantine’s Badge draws (%o)', (look) => {
    const badge = renderWithProviders(<Badge {...(look as BadgeProps)}>Online</Badge>);
    const light = renderWithProviders(<Light look={look} />);
    expect(shape(light.container.querySelector('.mantine-Badge-root'))).toBe(shape(badge.container.querySelector('.mantine-Badge-root')));
    expect(shape(light.container.querySelector('.mantine-Badge-root'))).toContain('mantine-Badge-label');
  });

  it('adds its style and attributes as the Badge’s style props do', () => {
    const look: BadgeLookProps = { variant: 'default', radius: 'sm', size: 'sm' };
    const badge = renderWithProviders(
      <Badge {...(look as BadgeProps)} tt="none" maw={86} title="kiosk">
        Online
      </Badge>,
    );
    const light = renderWithProviders(<Light look={look} style={{ textTransform: 'none', maxWidth: rem(86) }} title="kiosk" />);
    expect(shape(light.container.querySelector('.mantine-Badge-root'))).toContain('max-width');
    expect(shape(light.container.querySelector('.mantine-Badge-root'))).toBe(shape(badge.container.querySelector('.mantine-Badge-root')));
  });
});
