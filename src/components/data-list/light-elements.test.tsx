import { ActionIcon, Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/render';
import { lookProps, useLightLooks, type LightLooks } from './light-elements';

/** An element's tag, attributes (classes and style declarations in any order) and children, for comparing two renderings. */
function shape(node: Element | null | undefined): string {
  if (!node) return '';
  const sorted = (value: string, separator: RegExp) =>
    value
      .split(separator)
      .map((d) => d.trim())
      .filter(Boolean)
      .sort()
      .join(' ');
  const attributes = [...node.attributes]
    .map((a) =>
      a.name === 'style'
        ? `style=${sorted(a.value, /;/)}`
        : a.name === 'class'
          ? `class=${sorted(a.value, /\s+/)}`
          : `${a.name}=${a.value}`,
    )
    .sort()
    .join(' ');
  const children = [...node.childNodes].map((child) => (child instanceof Element ? shape(child) : (child.textContent ?? ''))).join('');
  return `<${node.tagName} ${attributes}>${children}</${node.tagName}>`;
}

function Light({ draw }: { draw: (looks: LightLooks) => ReactNode }) {
  return <div data-testid="light">{draw(useLightLooks())}</div>;
}

/** The first element each rendering draws, Mantine's and the plain one. */
function both(mantine: ReactNode, draw: (looks: LightLooks) => ReactNode): [string, string] {
  const a = renderWithProviders(<div data-testid="mantine">{mantine}</div>);
  const b = renderWithProviders(<Light draw={draw} />);
  const shapes: [string, string] = [shape(b.getByTestId('light').firstElementChild), shape(a.getByTestId('mantine').firstElementChild)];
  a.unmount();
  b.unmount();
  return shapes;
}

describe('the plain cells of a table', () => {
  it('draw a Text as Mantine does, with its style props', () => {
    const [light, mantine] = both(
      <Text size="xs" ff="monospace" truncate="end" title="host">
        host
      </Text>,
      (l) => (
        <p {...lookProps(l.textXs, { fontFamily: 'var(--mantine-font-family-monospace)' })} data-truncate="end" title="host">
          host
        </p>
      ),
    );
    expect(light).toContain('mantine-Text-root');
    expect(light).toBe(mantine);
    const [time, mantineTime] = both(
      <Text component="time" size="sm" c="dimmed">
        now
      </Text>,
      (l) => <time {...lookProps(l.textSm, { color: 'var(--mantine-color-dimmed)' })}>now</time>,
    );
    expect(time).toBe(mantineTime);
  });

  it('draw an Anchor button as Mantine does', () => {
    const [light, mantine] = both(
      <Anchor component="button" type="button" fw={500} ta="left" title="Unit" maw="100%" truncate="end" display="block">
        Unit
      </Anchor>,
      (l) => (
        <button
          type="button"
          {...lookProps(l.anchor, { fontWeight: 500, textAlign: 'left', maxWidth: '100%', display: 'block' })}
          data-truncate="end"
          title="Unit"
        >
          Unit
        </button>
      ),
    );
    expect(light).toContain('mantine-Anchor-root');
    expect(light).toBe(mantine);
  });

  it('draw a Group, VisuallyHidden and ActionIcons as Mantine does', () => {
    const group = both(
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <span>a</span>
      </Group>,
      (l) => (
        <div {...lookProps(l.groupEnd)}>
          <span>a</span>
        </div>
      ),
    );
    expect(group[0]).toBe(group[1]);
    const hidden = both(<VisuallyHidden>more</VisuallyHidden>, (l) => <span {...lookProps(l.visuallyHidden)}>more</span>);
    expect(hidden[0]).toBe(hidden[1]);
    for (const danger of [false, true]) {
      const [light, mantine] = both(
        <ActionIcon variant="subtle" color={danger ? 'red' : undefined} aria-label="Edit">
          <IconEdit size={18} aria-hidden />
        </ActionIcon>,
        (l) => {
          const action = danger ? l.actionDanger : l.action;
          return (
            <button type="button" {...lookProps(action.root)} aria-label="Edit">
              <span {...lookProps(action.icon)}>
                <IconEdit size={18} aria-hidden />
              </span>
            </button>
          );
        },
      );
      expect(light).toContain('mantine-ActionIcon-root');
      expect(light).toBe(mantine);
    }
  });
});
