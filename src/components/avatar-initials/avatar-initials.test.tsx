import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvatarInitials, initialsOf } from './avatar-initials';

describe('AvatarInitials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Ada Lovelace Byron')).toBe('AL');
    expect(initialsOf('  émile  zola ')).toBe('ÉZ');
    expect(initialsOf('')).toBe('');
  });

  it('draws the initials without putting them into the text', () => {
    const { container } = render(<AvatarInitials name="Ada Lovelace" />);
    expect(container).toHaveTextContent('');
    expect(container.querySelector('[data-initials="AL"]')).toHaveAttribute('aria-hidden', 'true');
  });
});
