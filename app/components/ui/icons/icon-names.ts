/** Every Lucide icon the app uses; `npm run icons` builds them into sprite.svg. */
export const iconNames = [
  "arrow-left",
  "arrow-right",
  "audio-lines",
  "bot",
  "building-2",
  "check",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "circle-alert",
  "clapperboard",
  "contact",
  "drama",
  "file-text",
  "folder-kanban",
  "image",
  "inbox",
  "languages",
  "layers",
  "layout-dashboard",
  "lock",
  "log-out",
  "mail",
  "messages-square",
  "monitor",
  "moon",
  "plus",
  "sparkles",
  "sun",
  "user",
] as const;

export type IconName = (typeof iconNames)[number];

/** Icons that point along the reading direction and flip in right-to-left pages. */
export const directionalIcons: ReadonlySet<IconName> = new Set([
  "arrow-left",
  "arrow-right",
  "chevron-left",
  "chevron-right",
]);
