import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const fieldClass =
  'w-full rounded-md border border-input bg-card px-3 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 aria-[invalid=true]:border-destructive';

// Each field's own classes joined once (they never conflict): cn then merges only a given
// className, so fields given none never build tailwind-merge's class map (30 ms on a phone).
const inputClass = `${fieldClass} h-10`;
const textareaClass = `${fieldClass} min-h-20 py-2`;
const selectClass = `${fieldClass} select-field h-10 pr-8`;

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(inputClass, className)} {...props} />;
}

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} className={cn(textareaClass, className)} {...props} />;
}

/**
 * A native select: accessible, keyboard-friendly, and what phones handle best. Its arrow is drawn
 * in its right padding (select-field in index.css), so the chosen option's text has the whole of
 * the rest: the browser's own arrow took room beside that padding and cut short values ("1(").
 */
export function Select({
  className,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cn(selectClass, className)} {...props} />;
}
