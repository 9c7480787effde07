import { describe, expect, it } from 'vitest';
import { locationSchema } from './locations';
import { materialSchema, transferMaterialSchema } from './materials';
import { PASSWORD_MESSAGES } from './password';
import { changePasswordFormSchema, createUserFormSchema, updateUserSchema } from './users';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('the Add User form', () => {
  const user = {
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    role: 'USER',
    locationId: '3',
    password: 'Riley-Stone-7',
    confirmPassword: 'Riley-Stone-7',
  };

  it('reads the location from the select and keeps the role as the API takes it', () => {
    const parsed = createUserFormSchema.parse({ ...user, role: 'admin' });
    expect(parsed).toMatchObject({ locationId: 3, role: 'ADMIN' });
  });

  it("says Passwords don't match under the confirmation", () => {
    const result = createUserFormSchema.safeParse({ ...user, confirmPassword: 'Riley-Stone-8' });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
  });

  it('edits without password fields, with status as a boolean', () => {
    const { password: _p, confirmPassword: _c, ...edit } = user;
    expect(updateUserSchema.parse({ ...edit, status: false }).status).toBe(false);
  });
});

describe('the Change Password form', () => {
  it("says Passwords don't match when the confirmation differs", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'whatever',
      newPassword: 'Abcdefg1',
      confirmPassword: 'Abcdefg2',
    });
    expect(firstMessage(result)).toBe("Passwords don't match");
  });

  it("says Passwords don't match beside a new password that is too short", () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'Current-pass1',
      newPassword: 'Ab1',
      confirmPassword: 'Ab2',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    expect(messages).toContain("confirmPassword: Passwords don't match");
    expect(messages).toContain(`newPassword: ${PASSWORD_MESSAGES.tooShort}`);
  });

  it('refuses the current password as the new one', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'Quarry-Gate42',
      newPassword: 'Quarry-Gate42',
      confirmPassword: 'Quarry-Gate42',
    });
    expect(firstMessage(result)).toBe(PASSWORD_MESSAGES.sameAsCurrent);
  });
});

describe('the inventory item form', () => {
  const item = { name: 'Prop', locationId: '1', quantity: '12', unit: 'EACH', notes: '' };

  it('reads numbers typed as text', () => {
    expect(materialSchema.parse(item)).toMatchObject({ locationId: 1, quantity: 12 });
  });

  it.each([
    ['', 'Quantity is required'],
    ['  ', 'Quantity is required'],
    ['12a', 'Quantity must be a number'],
    ['-2', 'Quantity cannot be negative'],
  ])('reads the quantity %j as "%s"', (quantity, message) => {
    expect(firstMessage(materialSchema.safeParse({ ...item, quantity }))).toBe(message);
  });

  it('drops a status sent by the client', () => {
    expect(materialSchema.parse({ ...item, status: 'Available' })).not.toHaveProperty('status');
  });
});

describe('the transfer', () => {
  it('refuses the same source and destination', () => {
    const result = transferMaterialSchema.safeParse({
      fromLocation: 2,
      toLocation: 2,
      quantity: 1,
    });
    expect(firstMessage(result)).toBe('Source and destination locations must be different');
  });
});

describe('the location form', () => {
  it('trims the name before counting its characters', () => {
    const result = locationSchema.safeParse({
      name: '  ab  ',
      address: '1 Long Road',
      type: 'FIELD',
      status: 'ACTIVE',
    });
    expect(firstMessage(result)).toBe('Location name must be at least 3 characters');
  });
});
