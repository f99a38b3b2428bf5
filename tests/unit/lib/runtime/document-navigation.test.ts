import { afterEach, describe, expect, it, vi } from "vitest";
import { followedLink, navigateByDocument } from "~/lib/runtime/document-navigation";

const origin = "https://qalam.example";

/** Just enough of an <a> for the checks: its resolved href and attributes. */
function anchor(href: string, attributes: Record<string, string> = {}) {
  return {
    href: new URL(href, origin).href,
    target: attributes.target ?? "",
    hasAttribute: (name: string) => name in attributes,
  } as unknown as HTMLAnchorElement;
}

function clickOn(link: HTMLAnchorElement | null, init: Partial<MouseEvent> = {}) {
  const target = { closest: () => link };
  return {
    button: 0,
    defaultPrevented: false,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target,
    ...init,
  } as unknown as MouseEvent;
}

describe("followedLink", () => {
  it("takes a plain left click on a link of this site", () => {
    const link = anchor("/signup");
    expect(followedLink(clickOn(link), origin)).toBe(link);
  });

  it.each([
    ["another site's link", anchor("https://elsewhere.example/"), {}],
    ["a link opening another tab", anchor("/signup", { target: "_blank" }), {}],
    ["a download", anchor("/files/a.pdf", { download: "" }), {}],
    ["a middle click", anchor("/signup"), { button: 1 }],
    ["a ctrl-click", anchor("/signup"), { ctrlKey: true }],
    ["a cmd-click", anchor("/signup"), { metaKey: true }],
    ["a shift-click", anchor("/signup"), { shiftKey: true }],
    ["a click something already handled", anchor("/signup"), { defaultPrevented: true }],
    ["a click outside any link", null, {}],
  ])("leaves %s alone", (_case, link, init) => {
    expect(followedLink(clickOn(link, init as Partial<MouseEvent>), origin)).toBeNull();
  });
});

describe("navigateByDocument", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("stops form submissions before the router, and lets the browser submit, until stopped", () => {
    const events = new EventTarget();
    const win = Object.assign(events, { location: { origin } }) as unknown as Window;
    const stop = navigateByDocument(win);

    const submit = new Event("submit", { cancelable: true });
    const stopped = vi.spyOn(submit, "stopPropagation");
    events.dispatchEvent(submit);
    expect(stopped).toHaveBeenCalled();
    expect(submit.defaultPrevented).toBe(false);

    stop();
    const later = new Event("submit", { cancelable: true });
    const laterStopped = vi.spyOn(later, "stopPropagation");
    events.dispatchEvent(later);
    expect(laterStopped).not.toHaveBeenCalled();
  });
});
