import { useEffect, useState } from 'react';

/**
 * True a task after the page first rendered with `drawn` true: what a page shows below its
 * first screen waits for a task of its own once that screen is drawn with its answers, so a slow
 * phone's draw is two shorter tasks, the figures show sooner, and a tap is answered between the
 * two (docs/decisions/065). A timer, not a frame, so a page opened in a background tab is whole
 * when it is shown.
 */
export function useAfterFirstDraw(drawn: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!drawn || after) return;
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, [drawn, after]);
  return after;
}
