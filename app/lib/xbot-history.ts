/** The history's filters as the page's address gives them (`/x-bot/history?…`). */
export type HistoryFilters = {
  q?: string | undefined;
  rating?: "up" | "down" | undefined;
  language?: "en" | "ar" | undefined;
  questions?: "unanswered" | undefined;
  who?: "previews" | undefined;
  leads?: "left" | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** The filters as the API's conversations take them, for the list and its export alike. */
export function conversationQuery(filters: HistoryFilters) {
  return {
    q: filters.q || undefined,
    rating: filters.rating,
    language: filters.language,
    unanswered: filters.questions === "unanswered" ? ("true" as const) : undefined,
    preview: filters.who === "previews" ? ("true" as const) : undefined,
    lead: filters.leads === "left" ? ("true" as const) : undefined,
    from: filters.from,
    to: filters.to,
  };
}
