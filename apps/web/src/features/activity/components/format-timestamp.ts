import { format } from 'date-fns';

/** dd/mm/yyyy HH:MM in the viewer's time zone. */
export function formatTimestamp(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : format(date, 'dd/MM/yyyy HH:mm');
}
