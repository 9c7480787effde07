import type { ApiSuccess, MaterialCodeAnswer } from '@stockyard/shared';
import { api } from './api-client';

const names = new Map<string, string | null>();

/**
 * The catalogue's name of the type a label's code names (GET /catalogue/by-code), to say what was
 * scanned when it is not what the form holds; undefined when it cannot be told. Kept per code.
 */
export async function scannedTypeName(code: string): Promise<string | undefined> {
  if (!names.has(code)) {
    try {
      const answer = await api.get<ApiSuccess<MaterialCodeAnswer>>(
        `/catalogue/by-code/${encodeURIComponent(code)}`,
        { silent: true },
      );
      names.set(code, answer.data.type.name);
    } catch {
      return undefined;
    }
  }
  return names.get(code) ?? undefined;
}
