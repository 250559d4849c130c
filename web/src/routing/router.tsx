import { type AnchorHTMLAttributes, type MouseEvent, startTransition, useEffect, useState } from 'react';

/** The app's base path; every screen path below is relative to it. */
const BASE = '/app';
const NAVIGATED = 'app:navigated';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : '/';
  return path === '' ? '/' : path;
}

/**
 * The screen path (the part after /app), re-rendering on every navigation. A navigation renders as a transition: the
 * open screen stays until the next one's code has loaded, instead of an empty fallback that React reveals late.
 */
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const follow = () => startTransition(() => setPath(currentPath()));
    follow();
    return subscribe(follow);
  }, []);
  return path;
}

export function navigate(path: string): void {
  window.history.pushState(null, '', `${BASE}${path}`);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** An anchor that navigates inside the app without reloading it; an onClick given to it (NavLink passes one) runs first. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={`${BASE}${to}`} {...rest} onClick={click} />;
}
