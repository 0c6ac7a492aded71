import { useMemo, type CSSProperties, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { Badge, getStyleObject, useMantineTheme, useProps, useStyles, type BadgeFactory, type BadgeProps } from '@mantine/core';

/** The props of Mantine's `Badge` that set its look; a table's badges take a few looks (a status each, a tag). */
export type BadgeLookProps = Pick<BadgeProps, 'color' | 'variant' | 'size' | 'radius'>;

/** What Mantine's `Badge` puts on its root and its label for some props: class names, CSS variables, data attributes. */
export interface BadgeLook {
  root: { className: string; style: CSSProperties; 'data-variant'?: string; 'data-size'?: string };
  label: { className: string; style: CSSProperties };
}

/**
 * The look of a Mantine `Badge`, worked out once per table render instead of once per badge: a page of 25 rows drew 50–75
 * badges, each a `Badge` and a `Box` with the theme's props, styles and variables resolved again (about a fifth of a page
 * change's render). The result keeps its identity while the look is the same (memoised columns stay memoised).
 * light-badge.test.tsx checks that `lightBadge` draws what `Badge` draws.
 */
export function useBadgeLook(input: BadgeLookProps): BadgeLook {
  const theme = useMantineTheme();
  // The theme's Badge defaults and styles apply, as they do to a Badge.
  const badgeProps: BadgeProps = input;
  const props = useProps('Badge', null, badgeProps);
  const getStyles = useStyles<BadgeFactory>({
    name: 'Badge',
    props,
    classes: Badge.classes,
    varsResolver: Badge.varsResolver,
    className: props.className,
    style: props.style,
    classNames: props.classNames,
    styles: props.styles,
    unstyled: props.unstyled,
    vars: props.vars,
    attributes: props.attributes,
  });
  const root = getStyles('root', { variant: props.variant });
  const label = getStyles('label');
  const look: BadgeLook = {
    root: {
      className: root.className,
      style: getStyleObject(root.style, theme),
      ...(props.variant ? { 'data-variant': props.variant } : {}),
      ...(typeof props.size === 'string' ? { 'data-size': props.size } : {}),
    },
    label: { className: label.className, style: getStyleObject(label.style, theme) },
  };
  const key = JSON.stringify(look);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same look (by value) keeps its identity
  return useMemo(() => look, [key]);
}

/**
 * A badge drawn as Mantine's `Badge` draws it (no section, no style props): plain elements with the look's classes and
 * variables, so a table cell mounts a `div` and a `span` instead of two Mantine components. `style` is added to the look's.
 */
export function lightBadge(
  look: BadgeLook,
  children: ReactNode,
  {
    style,
    ref,
    ...rest
  }: HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement>; [data: `data-${string}`]: string | undefined } = {},
) {
  const rootStyle = style ? { ...look.root.style, ...style } : look.root.style;
  return (
    <div {...look.root} style={rootStyle} ref={ref} {...rest}>
      <span {...look.label}>{children}</span>
    </div>
  );
}
