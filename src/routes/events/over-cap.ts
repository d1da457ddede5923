import { ObjectCapReached } from "../../db/object-caps";
import { ApiError } from "../../errors";

/** A creation beyond the plan's cap answers 409 with the cap's sentence; any other error passes on. */
export function refuseOverCap(err: unknown): never {
  if (err instanceof ObjectCapReached) throw new ApiError("conflict", err.message);
  throw err;
}
