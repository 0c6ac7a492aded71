import { useMemo, type ChangeEventHandler, type CSSProperties } from 'react';
import {
  ActionIcon,
  Anchor,
  Checkbox,
  CheckIcon,
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
  type CheckboxFactory,
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

/** The elements of a Mantine `Checkbox` without a label. */
export interface CheckboxLook {
  root: ElementLook;
  body: ElementLook;
  inner: ElementLook;
  input: ElementLook;
  icon: ElementLook;
  labelWrapper: ElementLook;
}

// `Checkbox.classes` holds InlineInput's root, body and label wrapper (the root in place of the Checkbox's own); the Checkbox's root
// class is not exported. memo-rows.test.tsx fails when an upgrade changes it.
const CHECKBOX_CLASSES = { ...Checkbox.classes, root: 'm_bf2d988c' };

/** A row's selection checkbox, as mantine-datatable draws it (`Checkbox` with the theme's defaults), for `LightCheckbox`; the same object while it is the same. */
export function useCheckboxLook(): CheckboxLook {
  const theme = useMantineTheme();
  const props = useProps<CheckboxFactory['props'], Partial<CheckboxFactory['props']>>(
    'Checkbox',
    { labelPosition: 'right', withErrorStyles: true, variant: 'filled', radius: 'sm' },
    {},
  );
  const getStyles = useStyles<CheckboxFactory>({
    name: 'Checkbox',
    props,
    classes: CHECKBOX_CLASSES,
    varsResolver: Checkbox.varsResolver,
  });
  const root = getStyles('root');
  // The root, body and label wrapper are InlineInput's, named after the Checkbox; the root adds the Checkbox's own class and vars.
  const inline = (part: 'root' | 'body' | 'labelWrapper') => `${Checkbox.classes[part]} mantine-Checkbox-${part}`;
  const position = { 'data-label-position': props.labelPosition ?? 'right' };
  const value: CheckboxLook = {
    root: look({ className: `${root.className} ${inline('root')}`, style: root.style }, theme, {
      ...position,
      'data-variant': props.variant ?? 'filled',
    }),
    body: look({ className: inline('body'), style: {} }, theme),
    labelWrapper: look({ className: inline('labelWrapper'), style: {} }, theme),
    inner: look(getStyles('inner'), theme, position),
    input: look(getStyles('input', { focusable: true, variant: props.variant ?? 'filled' }), theme, { 'data-with-error-styles': 'true' }),
    icon: look(getStyles('icon'), theme),
  };
  const key = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same look (by value) keeps its identity: rows read it from a context
  return useMemo(() => value, [key]);
}

/** A label-less checkbox drawn as Mantine's `Checkbox` draws it (no id: nothing refers to it), with plain elements. */
export function LightCheckbox({
  look: l,
  checked,
  disabled,
  onChange,
  inputClassName,
  ...input
}: {
  look: CheckboxLook;
  checked: boolean;
  disabled?: boolean | undefined;
  onChange?: ChangeEventHandler<HTMLInputElement> | undefined;
  inputClassName?: string | undefined;
  'aria-label'?: string;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <div {...lookProps(l.root)} data-checked={checked || undefined}>
      <div {...lookProps(l.body)}>
        <div {...lookProps(l.inner)}>
          <input
            {...lookProps(l.input)}
            className={inputClassName ? `${l.input.className} ${inputClassName}` : l.input.className}
            {...input}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={onChange}
          />
          <CheckIcon {...lookProps(l.icon)} />
        </div>
        <div {...lookProps(l.labelWrapper)} />
      </div>
    </div>
  );
}
