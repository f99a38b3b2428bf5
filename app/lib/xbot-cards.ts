/** The bots page's message cards: what the API takes (api/bots/bot-limits.ts). */
export const cardButtonKinds = ["reply", "link", "lead_form"] as const;
export type CardButtonKind = (typeof cardButtonKinds)[number];
export const maxCardButtons = 3;
export const cardLimits = {
  title: 100,
  text: 1_000,
  whenToShow: 500,
  buttonLabel: 40,
  buttonValue: 500,
  botName: 100,
} as const;

/**
 * What the page's action answers when it does not redirect: the field errors (message keys of
 * `validation`, by the API's field names: `title`, `buttons.0.value`), a message of the form
 * (a key of `xbot`), and what was typed.
 */
export type CardsActionAnswer = {
  intent: string;
  errors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
  cardId?: string | null;
};
