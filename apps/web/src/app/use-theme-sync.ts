import { useEffect } from 'react';
import { applyTheme, readTheme } from '@/lib/theme';

/** Follows the system's colour scheme while the saved theme is `system`. */
export function useThemeSync(): void {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme(readTheme());
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
}
