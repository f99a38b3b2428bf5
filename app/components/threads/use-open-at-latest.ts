import { useEffect } from "react";

/**
 * Opens a thread at its latest message rather than at its top: when the page shows another
 * thread (or first loads), the window scrolls to the end of the conversation, where the newest
 * answer and its actions sit just above the question box. Runs once per thread, so reading back
 * through a long conversation is never interrupted.
 */
export function useOpenAtLatest(threadId: number | null) {
  useEffect(() => {
    if (threadId === null) return;
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [threadId]);
}
