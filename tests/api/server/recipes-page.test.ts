import { afterAll, beforeAll, expect, it } from "vitest";
import { createApiClient } from "~/lib/api/client";
import { loadRecipes } from "~/lib/recipes.server";
import { createTestApi, ownerWithSession, type TestApi } from "../helpers";

/** The recipes' card's list, read by the web app from the embedded API. */

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("shows the last page when the page asked for is past the end", async () => {
  const owner = await ownerWithSession(t);
  const api = createApiClient({
    baseUrl: "http://qalam.internal/api/v1",
    fetch: t.api.pageFetch(),
    token: owner.token,
  });
  const steps = { image: { prompt: "A lighthouse at dawn" }, video: { duration: 5 } };
  for (let index = 1; index <= 12; index++) {
    await api.post("/recipes", { body: { name: `Recipe ${index}`, steps } });
  }

  const second = await loadRecipes(api, { recipePage: 2 });
  expect(second.page).toBe(2);
  expect(second.items).toHaveLength(2);

  // The last two are deleted: page 2 is gone, and the card shows page 1 rather than nothing.
  for (const recipe of second.items) {
    await api.delete("/recipes/{id}", { path: { id: recipe.id } });
  }
  const after = await loadRecipes(api, { recipePage: 2 });
  expect(after).toMatchObject({ page: 1, total: 10 });
  expect(after.items).toHaveLength(10);

  // A search with no match is empty, on whatever page.
  const none = await loadRecipes(api, { recipePage: 3, recipeSearch: "nothing like it" });
  expect(none).toMatchObject({ total: 0, items: [] });
});
