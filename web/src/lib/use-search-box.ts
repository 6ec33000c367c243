import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long a search box waits for typing to pause before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose search lives in the URL (`inUrl`, changed by `toUrl`): what is typed goes to
 * the URL, and so to the server, once typing pauses (trimmed); a search the URL gets from
 * elsewhere (a link, Back) goes into the box. Answers the box's text and its setter.
 */
export function useUrlSearchBox(inUrl: string, toUrl: (text: string) => void, delayMs = SEARCH_DEBOUNCE_MS): [string, (text: string) => void] {
  const [text, setText] = useState(inUrl);
  const typed = useDebouncedValue(text, delayMs).trim();
  // the search the box and the URL last agreed on
  const agreed = useRef(inUrl);
  useEffect(() => {
    if (typed === agreed.current) return;
    agreed.current = typed;
    toUrl(typed);
  }, [typed, toUrl]);
  useEffect(() => {
    if (inUrl === agreed.current) return;
    agreed.current = inUrl;
    setText(inUrl);
  }, [inUrl]);
  return [text, setText];
}
