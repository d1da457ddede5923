// `npm run receiver` (scripts/receiver.ts) answers as an honest receiver: a delivery whose Standard
// Webhooks signature does not verify is refused with a 4xx, so the API records the attempt as failed
// (src/events/attempt.ts: a 4xx other than 410 fails the delivery without retry).
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../scripts/receiver.ts";

const SECRET = `whsec_${Buffer.from("the endpoint's own secret, 32 bytes").toString("base64")}`;
const OTHER_SECRET = `whsec_${Buffer.from("somebody else's secret, 32 bytes!!").toString("base64")}`;
const payload = JSON.stringify({ type: "webhook.test", timestamp: new Date().toISOString(), data: {} });

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

/** Posts `payload` to the receiver, signed with `secret` as the API signs a delivery. */
async function deliver(secret: string, id: string): Promise<Response> {
  const timestamp = new Date();
  const signature = new Webhook(secret).sign(id, timestamp, payload);
  return fetch(`${receiver!.url}/`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
      "webhook-signature": signature,
    },
    body: payload,
  });
}

describe("npm run receiver", () => {
  it("accepts a delivery signed with its secret (200) and refuses one signed with another (401)", async () => {
    const lines: string[] = [];
    receiver = await startReceiver({ secret: SECRET, log: (line) => lines.push(line) });

    const good = await deliver(SECRET, "msg_good");
    expect(good.status).toBe(200);
    const forged = await deliver(OTHER_SECRET, "msg_forged");
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: string }).error).toMatch(/^signature /);

    expect(receiver.deliveries.map((delivery) => [delivery.id, delivery.signature])).toEqual([
      ["msg_good", "verified"],
      ["msg_forged", "invalid"],
    ]);
    expect(lines[0]).toContain("msg_good webhook.test signature verified");
    expect(lines[1]).toContain("msg_forged webhook.test signature INVALID");
  });

  it("without a secret accepts every delivery, saying it could not check it", async () => {
    const lines: string[] = [];
    receiver = await startReceiver({ log: (line) => lines.push(line) });
    expect((await deliver(OTHER_SECRET, "msg_unchecked")).status).toBe(200);
    expect(lines[0]).toContain("signature not checked (no secret given)");
  });
});
