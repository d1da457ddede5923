// The Worker's queue handler: the jobs queue runs items (a batch at once, each on its own), the
// dead-letter queue records the items the queue gave up on.
import type { InProcess } from "../in-process";
import type { JobHooks } from "./hooks";
import { log } from "../log";
import { deadLetter, runItem } from "./runner";
import type { JobMessage } from "../db/job-items";

export const DEAD_LETTER_QUEUE = "webdata-jobs-dlq";

export async function consumeJobs(
  batch: MessageBatch<JobMessage>,
  env: Env,
  ctx: ExecutionContext,
  local: InProcess,
  hooks: JobHooks,
): Promise<void> {
  const deadLetters = batch.queue === DEAD_LETTER_QUEUE;
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (deadLetters) {
          await deadLetter(env, ctx, message.body, hooks);
          message.ack();
          return;
        }
        const verdict = await runItem(env, ctx, local, message.body, hooks);
        if (verdict.ack) message.ack();
        else message.retry({ delaySeconds: verdict.delaySeconds });
      } catch (err) {
        // Delivered again later; after the queue's last retry it reaches the dead-letter queue.
        log.error("job message failed", { ...message.body, error: err });
        message.retry();
      }
    }),
  );
}
