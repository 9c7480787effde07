import { type LoginInput, loginSchema, twoFactorCodeField } from '@stockyard/shared';

/** Each field's first error. */
export type SignInErrors = Partial<Record<keyof LoginInput, string>>;

/** The sign-in form's two fields checked with the shared schema: each field's first error. */
export function checkSignIn(
  values: LoginInput,
): { ok: true; input: LoginInput } | { ok: false; errors: SignInErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { ok: true, input: result.data };
  const errors: SignInErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A second-step code as typed (123 456, a recovery code with its dash): the code, or why not. */
export function checkCode(
  code: string,
): { ok: true; code: string } | { ok: false; error?: string } {
  const parsed = twoFactorCodeField.safeParse(code);
  return parsed.success
    ? { ok: true, code: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message };
}
