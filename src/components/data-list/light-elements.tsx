import { useMemo, type CSSProperties } from 'react';
import {
  ActionIcon,
  Anchor,
  getStyleObject,
  Group,
  Text,
  UnstyledButton,
  useMantineTheme,
  useProps,
  useStyles,
  VisuallyHidden,
  type ActionIconFactory,
  type ActionIconProps,
  type GroupFactory,
  type GroupProps,
  type MantineSize,
  type MantineTheme,
  type TextFactory,
  type UnstyledButtonFactory,
  type Factory,
  type TextProps,
  type VisuallyHiddenProps,
} from '@mantine/core';

/**
 * What a Mantine component puts on one of its elements for some props: class names, CSS variables and data attributes. A table
 * cell draws a plain element with it instead of the component: each Mantine component is a `Box` with the theme's props, styles
 * and variables resolved again, and a page of 25 rows drew about 300 of them (the largest part of a page change's render).
 * light-elements.test.tsx checks that the plain elements are what the components draw.
 */
export interface ElementLook {
  className: string;
  style: CSSProperties;
  data: Partial<Record<`data-${string}`, string>>;
}

/** An action icon's button and the span around its icon. */
export interface ActionIconLook {
  root: ElementLook;
  icon: ElementLook;
}

/** The looks of a table's plain cells, worked out once per table render: `useLightLooks`. */
export interface LightLooks {
  /** `<Text size="sm">` (a relative time, a dimmed "never"). */
  textSm: ElementLook;
  /** `<Text size="xs">` (a host name). */
  textXs: ElementLook;
  /** `<Anchor>` (a row's name that opens it). */
  anchor: ElementLook;
  /** `<VisuallyHidden>`. */
  visuallyHidden: ElementLook;
  /** `<Group gap={4} wrap="nowrap">`, start and end. */
  groupStart: ElementLook;
  groupEnd: ElementLook;
  /** `<ActionIcon variant="subtle">` and its red variant. */
  action: ActionIconLook;
  actionDanger: ActionIconLook;
}

function look(styles: { className: string; style: CSSProperties }, theme: MantineTheme, data: ElementLook['data'] = {}): ElementLook {
  return { className: styles.className, style: getStyleObject(styles.style, theme), data };
}

function useTextLook(size: MantineSize | undefined, anchor: boolean): ElementLook {
  const theme = useMantineTheme();
  const props = useProps<TextProps, null>('Text', null, anchor ? {} : { size });
  const getStyles = useStyles<TextFactory>({
    name: anchor ? ['Text', 'Anchor'] : ['Text', undefined],
    props,
    classes: Text.classes,
    varsResolver: Text.varsResolver,
    className: anchor ? Anchor.classes.root : undefined,
  });
  // Anchor's default underline is "hover"; Box gives a string size as data-size.
  return look(getStyles('root', { focusable: true }), theme, anchor ? { 'data-underline': 'hover' } : size ? { 'data-size': size } : {});
}

function useGroupLook(justify: GroupProps['justify']): ElementLook {
  const theme = useMantineTheme();
  const props = useProps<GroupProps, Partial<GroupProps>>(
    'Group',
    { preventGrowOverflow: true, gap: 'md', align: 'center', justify: 'flex-start', wrap: 'wrap' },
    {
      gap: 4,
      justify,
      wrap: 'nowrap',
    },
  );
  // Its children's width is used only by `grow`.
  const getStyles = useStyles<GroupFactory>({
    name: 'Group',
    props,
    stylesCtx: { childWidth: '' },
    classes: Group.classes,
    varsResolver: Group.varsResolver,
  });
  return look(getStyles('root'), theme);
}

function useActionIconLook(color: ActionIconProps['color']): ActionIconLook {
  const theme = useMantineTheme();
  const props = useProps('ActionIcon', null, { variant: 'subtle', color });
  const getStyles = useStyles<ActionIconFactory>({
    name: 'ActionIcon',
    props,
    classes: ActionIcon.classes,
    varsResolver: ActionIcon.varsResolver,
  });
  const root = getStyles('root', { active: true });
  // ActionIcon is an UnstyledButton: its classes and styles go through the button's.
  const buttonProps = useProps('UnstyledButton', { __staticSelector: 'UnstyledButton' }, {});
  const getButtonStyles = useStyles<UnstyledButtonFactory>({
    name: 'UnstyledButton',
    props: buttonProps,
    classes: UnstyledButton.classes,
    className: root.className,
    style: root.style,
  });
  return {
    root: look(getButtonStyles('root', { focusable: true }), theme, { 'data-variant': 'subtle' }),
    icon: look(getStyles('icon'), theme),
  };
}

type VisuallyHiddenFactory = Factory<{ props: VisuallyHiddenProps; ref: HTMLSpanElement; stylesNames: 'root' }>;

function useVisuallyHiddenLook(): ElementLook {
  const theme = useMantineTheme();
  const props = useProps('VisuallyHidden', null, {});
  const getStyles = useStyles<VisuallyHiddenFactory>({ name: 'VisuallyHidden', props, classes: VisuallyHidden.classes });
  return look(getStyles('root'), theme);
}

/** The looks of a table's plain cells; the same object while they are the same (memoised columns stay memoised). */
export function useLightLooks(): LightLooks {
  const looks: LightLooks = {
    textSm: useTextLook('sm', false),
    textXs: useTextLook('xs', false),
    anchor: useTextLook(undefined, true),
    visuallyHidden: useVisuallyHiddenLook(),
    groupStart: useGroupLook('flex-start'),
    groupEnd: useGroupLook('flex-end'),
    action: useActionIconLook(undefined),
    actionDanger: useActionIconLook('red'),
  };
  const key = JSON.stringify(looks);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same looks (by value) keep their identity
  return useMemo(() => looks, [key]);
}

/** An element's props for a look, with `style` added to the look's (a component's style props, as Box puts them inline). */
export function lookProps(value: ElementLook, style?: CSSProperties): { className: string; style: CSSProperties } & ElementLook['data'] {
  return { className: value.className, style: style ? { ...value.style, ...style } : value.style, ...value.data };
}
