import type { MouseEvent } from 'react';

/** The id of the shell's main region, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first tab stop of every signed-in screen: hidden until focused, it moves focus past the
 * top bar and the sidebar to the main region. Focus is moved by hand so the URL keeps no '#'.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  }
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
