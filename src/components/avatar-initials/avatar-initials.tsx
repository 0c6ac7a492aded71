import classes from './avatar-initials.module.css';

/** "Ada Lovelace" → "AL": the first letters of the first two words. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * Initials inside an avatar, drawn by CSS so they are not text: a control that shows a person's name
 * beside the avatar keeps an accessible name that contains all of its visible text (WCAG 2.5.3 Label
 * in Name) without repeating "AL" to screen readers.
 */
export function AvatarInitials({ name }: { name: string }) {
  return <span className={classes.initials} data-initials={initialsOf(name)} aria-hidden />;
}
