// The package ships no types; these are the plugins it exports, as turndown takes them.
declare module "@joplin/turndown-plugin-gfm" {
  import type TurndownService from "turndown";

  type Plugin = TurndownService.Plugin;
  export const gfm: Plugin;
  export const highlightedCodeBlock: Plugin;
  export const strikethrough: Plugin;
  export const tables: Plugin;
  export const taskListItems: Plugin;
}
