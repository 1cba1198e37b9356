import { useEffect } from 'react';

/** Sets the browser tab's title; in an effect, so rendering on a server never touches `document`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
