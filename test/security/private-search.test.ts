// 8. Private data never shapes what others see: /v1/search ranks public datasets over public ones only
// and gives no raw score, so a word in another account's private datasets changes nothing of an
// answer; an account's own datasets are found, first, by their words.
import { describe, expect, it } from "vitest";
import { call, newAccount, withKey } from "../workers/helpers";

const json = async (response: Response) => (await response.json()) as any;

async function createDataset(secret: string, name: string, description: string) {
  const response = await call(
    "/v1/datasets",
    withKey(secret, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name,
        description,
        recipe: { kind: "product", platform: "amazon", inputs: ["B0057OC5O8"] },
      }),
    }),
  );
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
}

const search = async (secret: string, q: string) => json(await call(`/v1/search?q=${q}&limit=50`, withKey(secret)));

describe("8. search over private datasets", () => {
  it("answers another account exactly the same whatever private datasets hold its words", async () => {
    const watcher = await newAccount({ plan: "pro" });
    const before = await search(watcher.secret, "hotel");
    const other = await newAccount({ plan: "pro" });
    for (let n = 0; n < 5; n++) await createDataset(other.secret, `Hotel hotel watch ${n}`, "hotel hotel hotel prices");
    const after = await search(watcher.secret, "hotel");
    expect(after.data).toEqual(before.data);
    expect(after.meta.pagination.total).toBe(before.meta.pagination.total);
    expect(after.data.every((dataset: any) => !("score" in dataset))).toBe(true);
  });

  it("finds an account's own datasets by their words, before the public ones", async () => {
    const owner = await newAccount({ plan: "pro" });
    await createDataset(owner.secret, "Kettle watch", "Prices of kettles I follow");
    const found = await search(owner.secret, "kettle");
    expect(found.data[0]).toMatchObject({ name: "Kettle watch", visibility: "private" });
    const listed = await json(await call("/v1/datasets?q=kettle", withKey(owner.secret)));
    expect(listed.data.map((dataset: any) => dataset.name)).toContain("Kettle watch");
  });
});
