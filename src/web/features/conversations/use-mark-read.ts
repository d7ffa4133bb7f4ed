import { useEffect, useRef, useState } from 'react';
import { useMarkRead } from './api';

/** Whether the page is in front of its reader (not a background tab, not a locked phone). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Marks the other side's messages read once they are on a page the reader sees: once for each
 * reading of the conversation (`readAt`, the query's update time) that shows some unread, never
 * again after a failure of it (the next reading tries again), never from a background tab, where
 * nobody reads them (and where «مقروءة» would be untrue, and the next phone notice lost).
 */
export function useMarkReadWhenSeen(
  brokerId: string | null,
  conversation: { unread: boolean; readAt: number },
): void {
  const visible = usePageVisible();
  const { mutate } = useMarkRead(brokerId);
  const marked = useRef(0);
  useEffect(() => {
    if (!visible || !conversation.unread || marked.current === conversation.readAt) return;
    marked.current = conversation.readAt;
    mutate();
  }, [visible, conversation.unread, conversation.readAt, mutate]);
}
