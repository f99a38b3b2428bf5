import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { directionalIcons, iconNames } from "~/components/ui/icons/icon-names";
import { buildSprite } from "../../../../../scripts/build-icons";

const sprite = readFileSync(
  new URL("../../../../../app/components/ui/icons/sprite.svg", import.meta.url),
  "utf8",
);

describe("iconNames", () => {
  it("has no duplicates", () => {
    expect(new Set(iconNames).size).toBe(iconNames.length);
  });

  it("is sorted", () => {
    expect([...iconNames]).toEqual([...iconNames].sort());
  });

  it.each(iconNames)("%s has a <symbol> in sprite.svg", (name) => {
    expect(sprite, `no <symbol id="${name}"> in sprite.svg; run npm run icons`).toContain(
      `<symbol id="${name}"`,
    );
  });

  it("names every <symbol> in sprite.svg", () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
  });

  it("lists the directional icons among the names", () => {
    for (const name of directionalIcons) expect(iconNames).toContain(name);
  });
});

describe("sprite.svg", () => {
  it("is up to date with iconNames", () => {
    expect(
      sprite === buildSprite(iconNames),
      "app/components/ui/icons/sprite.svg is stale: run `npm run icons`",
    ).toBe(true);
  });
});
