import type { IconName } from "~/components/ui/icons/icon-names";

export type NavItem = { to: string; label: string; icon: IconName };
export type NavGroup = { label?: string; items: NavItem[] };

/** The sidebar: every section of the product, in the order people reach for them. */
export const sidebarGroups: NavGroup[] = [
  {
    items: [
      { to: "/dashboard", label: "nav.dashboard", icon: "layout-dashboard" },
      { to: "/threads", label: "nav.threads", icon: "messages-square" },
    ],
  },
  {
    label: "nav.create",
    items: [
      { to: "/audio", label: "nav.audio", icon: "audio-lines" },
      { to: "/image", label: "nav.image", icon: "image" },
      { to: "/video", label: "nav.video", icon: "clapperboard" },
      { to: "/characters", label: "nav.characters", icon: "drama" },
    ],
  },
  {
    label: "nav.work",
    items: [
      { to: "/clients", label: "nav.clients", icon: "contact" },
      { to: "/projects", label: "nav.projects", icon: "folder-kanban" },
      { to: "/documents", label: "nav.documents", icon: "file-text" },
      { to: "/workspaces", label: "nav.workspaces", icon: "layers" },
      { to: "/x-bot", label: "nav.xbot", icon: "bot" },
    ],
  },
];

/** The permissions of those who may manage an organization: its admins and its owner. */
const managingPermissions = ["organization.manage", "members.manage", "ai.manage"];

/**
 * The sidebar's group of the current organization: its settings (general, members, AI
 * providers, usage and limits), for those who may manage it; null for the others.
 */
export function organizationNavGroup(account: {
  currentOrganizationId: string | null;
  currentOrganizationPermissions: readonly string[];
}): NavGroup | null {
  const { currentOrganizationId: id, currentOrganizationPermissions: permissions } = account;
  if (!id || !managingPermissions.some((permission) => permissions.includes(permission))) {
    return null;
  }
  return {
    items: [
      { to: `/account/organization/${id}`, label: "nav.organizationSettings", icon: "settings" },
    ],
  };
}

export const xbotSections = [
  "cards",
  "leads",
  "details",
  "history",
  "settings",
  "embedding",
  "knowledge",
  "appearance",
  "integrations",
  "notifications",
] as const;

export type XbotSection = (typeof xbotSections)[number];

/** An entry of x-bot's section navigation: a page of its own, or a group of sections. */
export type XbotNavEntry =
  | { kind: "page"; section: "overview" | "notifications" }
  | { kind: "group"; group: "build" | "deploy" | "inbox"; sections: readonly XbotSection[] };

/**
 * x-bot's sections grouped by what one does there: the overview first, then building the bot,
 * putting it on a site, reading what visitors said, and the notifications.
 */
export const xbotNavigation: readonly XbotNavEntry[] = [
  { kind: "page", section: "overview" },
  {
    kind: "group",
    group: "build",
    sections: ["details", "settings", "knowledge", "appearance", "cards"],
  },
  { kind: "group", group: "deploy", sections: ["embedding", "integrations"] },
  { kind: "group", group: "inbox", sections: ["history", "leads"] },
  { kind: "page", section: "notifications" },
];

/** Lists outside the sidebar that the pages below them lead back to. */
const accountSections: NavItem[] = [
  { to: "/account", label: "userMenu.account", icon: "user" },
  { to: "/account/organization", label: "userMenu.organization", icon: "building-2" },
];

const sections = [...sidebarGroups.flatMap((group) => group.items), ...accountSections];

/** The section a path (without its language prefix) belongs to: the longest section path above it. */
export function sectionOf(path: string): NavItem | null {
  let found: NavItem | null = null;
  for (const section of sections) {
    const inside = path === section.to || path.startsWith(`${section.to}/`);
    if (inside && section.to.length > (found?.to.length ?? 0)) found = section;
  }
  return found;
}
