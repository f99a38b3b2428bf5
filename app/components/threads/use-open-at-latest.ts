import { useEffect, useState } from "react";

/** How close to the end of the page, in pixels, still counts as reading the latest message. */
const nearEnd = 80;

function readingLatest() {
  const page = document.documentElement;
  return window.innerHeight + window.scrollY >= page.scrollHeight - nearEnd;
}

function scrollToLatest() {
  window.scrollTo({ top: document.documentElement.scrollHeight });
}

/**
 * Opens a thread at its latest message rather than at its top: when the page shows another
 * thread (or first loads), the window scrolls to the end of the conversation, where the newest
 * answer and its actions sit just above the question box. Runs once per thread, so reading back
 * through a long conversation is never interrupted.
 */
export function useOpenAtLatest(threadId: number | null) {
  useEffect(() => {
    if (threadId === null) return;
    scrollToLatest();
  }, [threadId]);
}

/**
 * Keeps the latest message in view while it grows: when an answer finishes and its actions
 * appear, a reader who was at the end of the conversation stays there, so the actions are not
 * left under the question box that sticks to the bottom of the window. A reader who scrolled up
 * is left where they are. Returns the ref for the conversation's list.
 */
export function useFollowLatest() {
  const [list, setList] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!list) return;
    let atEnd = readingLatest();
    const onScroll = () => {
      atEnd = readingLatest();
    };
    const observer = new ResizeObserver(() => {
      if (atEnd) scrollToLatest();
    });
    window.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(list);
    return () => {
      window.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [list]);
  return setList;
}
