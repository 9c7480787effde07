import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { controlProps, FormField } from './form-field';
import { Input } from './input';

afterEach(cleanup);

function renderField(error?: string) {
  render(
    <FormField id="location-name" label="Name" error={error}>
      <Input {...controlProps('location-name', error !== undefined)} />
    </FormField>,
  );
  return screen.getByRole('textbox', { name: 'Name' });
}

describe('controlProps', () => {
  it('marks an invalid control and points it at the message under it', () => {
    const input = renderField('Location name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby');
    expect(described).toBe('location-name-error');
    expect(document.getElementById(described ?? '')?.textContent).toBe('Location name is required');
    expect(screen.getByRole('alert').textContent).toBe('Location name is required');
  });

  it('leaves a valid control without error state or description', () => {
    const input = renderField();
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
