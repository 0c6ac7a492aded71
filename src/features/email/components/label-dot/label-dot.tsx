import { ColorSwatch } from '@mantine/core';
import type { EmailTag } from '@machines/email/types';

/** Mantine colour of a tag's theme name (the template's success/primary/warning/danger). */
export const TAG_COLORS: Record<EmailTag['color'], string> = {
  success: 'var(--mantine-color-green-filled)',
  primary: 'var(--mantine-color-blue-filled)',
  warning: 'var(--mantine-color-orange-filled)',
  danger: 'var(--mantine-color-red-filled)',
};

export const TAG_MANTINE_COLORS: Record<EmailTag['color'], string> = {
  success: 'green',
  primary: 'blue',
  warning: 'orange',
  danger: 'red',
};

/** A label's coloured dot. Decorative unless given a name. */
export function LabelDot({ color, size = 10, label }: { color: EmailTag['color']; size?: number; label?: string }) {
  return (
    <ColorSwatch
      component="span"
      color={TAG_COLORS[color]}
      size={size}
      withShadow={false}
      {...(label ? { role: 'img', 'aria-label': label, title: label } : { 'aria-hidden': true })}
    />
  );
}
