import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';

/** Where an answered card's list moves the focus once the answer has been shown. */
interface AnswerFocus {
  /** A card's answer is being sent: remember which card and where it stands. */
  answering: (placementId: number) => void;
  /** The answer is in and the list has been refreshed: place the focus. */
  answered: () => void;
  /** The answer was refused: the card and its buttons stay, so does the focus. */
  refused: () => void;
}

const noFocus: AnswerFocus = { answering: () => {}, answered: () => {}, refused: () => {} };
const AnswerFocusContext = createContext<AnswerFocus>(noFocus);

/** The answer focus of the list around a card (nothing outside a list). */
export const useAnswerFocus = () => useContext(AnswerFocusContext);

/** The attribute by which a list finds its cards, and the one of its empty state. */
export const CARD_ATTR = 'data-agenda-card';
export const EMPTY_ATTR = 'data-agenda-empty';

/**
 * After Accept or Reject the card usually leaves its tab and takes the focused button with it,
 * which would drop the focus to the page body. The list instead focuses the card that now
 * stands where the answered one stood (the next one, or the last when it was the last), the
 * answered card itself when it stayed, or the tab's empty state when no card is left.
 * `ids` are the list's placement ids in order, `updatedAt` when they were fetched (the answer's
 * promise can settle a render before the refreshed list arrives); `container` holds the cards.
 */
export function AnswerFocusProvider({
  ids,
  updatedAt,
  container,
  children,
}: {
  ids: number[];
  updatedAt: number;
  container: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const pending = useRef<{ placementId: number; index: number; updatedAt: number } | null>(null);
  const [settled, setSettled] = useState(0);
  // The list as last rendered, for the click handlers (kept after render, never during it).
  const list = useRef({ ids, updatedAt });
  useEffect(() => {
    list.current = { ids, updatedAt };
  }, [ids, updatedAt]);

  const answering = useCallback((placementId: number) => {
    const { ids, updatedAt } = list.current;
    pending.current = { placementId, index: ids.indexOf(placementId), updatedAt };
  }, []);
  const answered = useCallback(() => setSettled((n) => n + 1), []);
  const refused = useCallback(() => {
    pending.current = null;
  }, []);

  useEffect(() => {
    const was = pending.current;
    const root = container.current;
    if (!settled || !was || !root || updatedAt <= was.updatedAt) return;
    pending.current = null;
    const stayed = ids.includes(was.placementId);
    const focusGone =
      !document.activeElement ||
      document.activeElement === document.body ||
      !document.activeElement.isConnected;
    if (stayed && !focusGone) return;
    const target = stayed ? was.placementId : ids[Math.min(Math.max(was.index, 0), ids.length - 1)];
    const el =
      target === undefined
        ? root.querySelector<HTMLElement>(`[${EMPTY_ATTR}]`)
        : root.querySelector<HTMLElement>(`[${CARD_ATTR}="${target}"]`);
    el?.focus();
  }, [settled, ids, updatedAt, container]);

  const value = useMemo(() => ({ answering, answered, refused }), [answering, answered, refused]);
  return <AnswerFocusContext.Provider value={value}>{children}</AnswerFocusContext.Provider>;
}
