/**
 * The money rule in words, for every page that shows a total (the dashboard's money, the
 * Financial Metrics card). The rule itself is the server's, written once in
 * internal/bookings/status (count.go): the pages receive amounts already counted by it.
 */
export const MONEY_RULE = {
  confirmed: 'work accepted by both sides',
  pipeline: 'work awaiting an answer, each placement once',
  nothing: 'cancelled and rejected work counts nothing',
} as const;
