import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotBothModes, signIn, test } from "./fixtures";
import { mediaLabels } from "./support/labels";

const kinds = ["image", "audio", "video"] as const;

const filtersOf = (page: Page, name: string | RegExp) => page.getByRole("search", { name });

for (const [prefix, l] of mediaLabels) {
  const search = "صحراء";

  test.describe(`media libraries ${prefix || "(en)"}`, () => {
    test("each library starts empty with a way to its creator, and its filters live in the address", async ({
      page,
    }) => {
      await signIn(page);
      for (const kind of kinds) {
        await page.goto(`${prefix}/${kind}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(l[`${kind}Title`]);
        const empty = page.getByRole("region", { name: l[`${kind}Empty`] });
        await expect(empty).toBeVisible();
        await expect(empty.getByRole("link", { name: l[`${kind}Creator`] })).toHaveAttribute(
          "href",
          `${prefix}/${kind}/creator`,
        );
        if (kind === "image") await screenshotBothModes(page, "media-image-empty");
        await expectNoAxeViolations(page);
      }

      // A search (in Arabic, whatever the page's language) and favourites, from the form.
      await page.goto(`${prefix}/image`);
      const filters = filtersOf(page, l.filters);
      await filters.getByLabel(l.search).fill(search);
      await filters.getByLabel(l.favourites).check();
      await filters.getByRole("button", { name: l.apply }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `${prefix}/image` &&
          url.searchParams.get("q") === search &&
          url.searchParams.get("favourite") === "1",
      );
      const none = page.getByRole("region", { name: l.noMatch });
      await expect(none).toContainText(l.noMatchSearch(search));
      await expect(filters.getByLabel(l.search)).toHaveValue(search);
      await expect(filters.getByLabel(l.favourites)).toBeChecked();
      await screenshotBothModes(page, "media-image-no-match");
      await expectNoAxeViolations(page);

      // The address alone is the filter: shared, it opens the same list.
      await page.reload();
      await expect(page.getByRole("region", { name: l.noMatch })).toBeVisible();
      await none.getByRole("link", { name: l.clear }).click();
      await expect(page).toHaveURL((url) => url.pathname === `${prefix}/image` && !url.search);
      await expect(page.getByRole("region", { name: l.imageEmpty })).toBeVisible();
    });
  });

  test.describe(`media libraries without JavaScript ${prefix || "(en)"}`, () => {
    test.use({ javaScriptEnabled: false });

    test("filters by days, model, member, project and client with a plain form", async ({
      page,
    }) => {
      const account = await signIn(page);
      await page.goto(`${prefix}/video`);
      const filters = filtersOf(page, l.filters);
      await filters.getByLabel(l.from).fill("2026-03-01");
      await filters.getByLabel(l.to).fill("2026-03-31");
      await filters.getByLabel(l.model, { exact: true }).fill("ffmpeg-slideshow");
      await filters
        .getByLabel(l.member)
        .selectOption({ label: `${account.firstName} ${account.lastName}` });
      await filters.getByRole("button", { name: l.apply }).click();
      await expect(page).toHaveURL((url) => {
        const query = url.searchParams;
        return (
          url.pathname === `${prefix}/video` &&
          query.get("from") === "2026-03-01" &&
          query.get("to") === "2026-03-31" &&
          query.get("model") === "ffmpeg-slideshow" &&
          /^[0-9a-f-]{36}$/.test(query.get("authorId") ?? "") &&
          query.get("q") === "" &&
          query.get("projectId") === "" &&
          query.get("clientId") === ""
        );
      });
      const none = page.getByRole("region", { name: l.noMatch });
      await expect(none).toContainText(l.noMatchFilters);
      await expect(filters.getByLabel(l.from)).toHaveValue("2026-03-01");
      await expect(filters.getByLabel(l.to)).toHaveValue("2026-03-31");
      await expect(filters.getByLabel(l.model, { exact: true })).toHaveValue("ffmpeg-slideshow");

      // A date that is not one is left out rather than refused.
      await page.goto(`${prefix}/audio?from=yesterday&q=`);
      await expect(page.getByRole("region", { name: l.audioEmpty })).toBeVisible();
      await expect(filtersOf(page, l.filters).getByLabel(l.from)).toHaveValue("");
    });
  });
}
