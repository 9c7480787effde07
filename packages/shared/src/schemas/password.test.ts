import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordField } from './password';
import { changePasswordSchema, createUserSchema, resetPasswordSchema } from './users';

const messagesOf = (value: unknown) => {
  const result = passwordField.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the password policy', () => {
  it.each([
    ['123456', PASSWORD_MESSAGES.tooShort],
    ['      ', PASSWORD_MESSAGES.tooShort],
    ['\0\0\0\0\0\0', PASSWORD_MESSAGES.tooShort],
    ['Ab1', PASSWORD_MESSAGES.tooShort],
    [undefined, PASSWORD_MESSAGES.tooShort],
    [`Aa1${'x'.repeat(126)}`, PASSWORD_MESSAGES.tooLong],
  ])('refuses %j first with "%s"', (value, message) => {
    expect(messagesOf(value)[0]).toBe(message);
  });

  it('refuses NUL and other control characters, even among a good mix', () => {
    expect(messagesOf('\0\0\0\0\0\0')).toContain(PASSWORD_MESSAGES.controlCharacters);
    for (const control of ['\0', '\t', '\n', '\u001b', '\u007f', '\u0085']) {
      expect(messagesOf(`Quarry${control}Gate42`)).toEqual([PASSWORD_MESSAGES.controlCharacters]);
    }
  });

  it.each(['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', '        ', '12345678'])(
    'refuses %j with the spec\'s "Must contain uppercase, lowercase, and number"',
    (value) => {
      expect(messagesOf(value)).toEqual(['Must contain uppercase, lowercase, and number']);
    },
  );

  it('accepts a strong password as typed, spaces and accents included', () => {
    for (const value of ['Quarry-Gate-42', '  Yard gate 7 ', 'Ärger-öl-2024']) {
      expect(passwordField.parse(value)).toBe(value);
    }
  });

  it('is the rule of register, reset and change alike', () => {
    const register = createUserSchema.safeParse({
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      role: 'USER',
      locationId: 3,
      password: '123456',
    });
    const reset = resetPasswordSchema.safeParse({ password: '123456' });
    const change = changePasswordSchema.safeParse({
      currentPassword: 'whatever',
      newPassword: '123456',
    });
    expect(register.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: PASSWORD_MESSAGES.tooShort,
    });
    expect(reset.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: PASSWORD_MESSAGES.tooShort,
    });
    expect(change.error?.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: PASSWORD_MESSAGES.tooShort,
    });
  });
});
