import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver from a shared schema. The shared schemas preprocess what they read
 * (text from a form, numbers from an API client), so zod types their input as unknown; the form
 * names its own field types here, once, instead of at every form.
 */
export function schemaResolver<TForm extends FieldValues, TOutput>(
  schema: ZodType<TOutput>,
): Resolver<TForm, unknown, TOutput> {
  return zodResolver(schema as ZodType<TOutput, TForm>) as unknown as Resolver<
    TForm,
    unknown,
    TOutput
  >;
}
