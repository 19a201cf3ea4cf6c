import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** The scroll position of each history entry (its location key), kept over a reload of the tab. */
const STORAGE_KEY = 'kalan:scroll-positions';

function savedPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    return new Map(Object.entries(stored));
  } catch {
    return new Map();
  }
}

const positions = savedPositions();

/**
 * What react-router's data router did with `<ScrollRestoration>`: a new screen opens at its top
 * (or at its `#anchor`), back and forward return where the user was, and so does a reload.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  /** The entry the scroll events belong to: changed before the new screen's first scroll. */
  const shown = useRef(key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(shown.current, window.scrollY);
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shown.current = key;
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const anchor = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
