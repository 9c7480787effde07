import { useEffect, useState } from 'react';
import { applyTheme, readTheme } from '@/lib/theme';

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * Follows the system's colour scheme while the saved theme is `system`, and answers the theme the
 * page is in now (the root element's dark class, whoever set it: Settings, the account menu or the
 * system), for what draws itself outside the page's CSS, such as the toasts.
 */
export function useThemeSync(): 'light' | 'dark' {
  const [resolved, setResolved] = useState<'light' | 'dark'>(() => (isDark() ? 'dark' : 'light'));
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme(readTheme());
    media.addEventListener('change', onChange);
    const observer = new MutationObserver(() => setResolved(isDark() ? 'dark' : 'light'));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      media.removeEventListener('change', onChange);
      observer.disconnect();
    };
  }, []);
  return resolved;
}
