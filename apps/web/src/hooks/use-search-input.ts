import { useEffect, useEffectEvent, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/**
 * A list's search box: the text as typed, handed on trimmed once typing pauses (one request a
 * pause, not one a key). A search changed from outside (Back, a link) replaces the text. The
 * first search of a view adds a history entry; refining it replaces that entry.
 */
export function useSearchInput(
  search: string,
  commit: (search: string, options: { replace: boolean }) => void,
) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  const [sent, setSent] = useState(search);

  if (search !== shown) {
    setShown(search);
    if (search !== sent) {
      setText(search);
      setSent(search);
    }
  }

  const send = useEffectEvent((value: string) => {
    setSent(value);
    commit(value, { replace: search !== '' });
  });
  useEffect(() => {
    const value = text.trim();
    if (value === sent) return;
    const timer = setTimeout(() => send(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, sent]);

  return { text, setText };
}
