import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar';

describe('Avatar', () => {
  it("draws the person's initials in the browser, as an image that needs no service", () => {
    const { container } = render(<Avatar name="Jane Doe" />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(image.getAttribute('src')!)).toContain('>JD<');
    expect(image.getAttribute('alt')).toBe('');
  });

  it('takes the first and last name for the initials', () => {
    expect(initials('Ana Maria Lopez')).toBe('AL');
    expect(initials('  ')).toBe('?');
  });
});
