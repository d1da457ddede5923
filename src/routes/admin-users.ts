// The operator gives an account made through the admin API a person who signs in to the dashboard
// with an email and a password (`npm start`'s demo accounts), under the sign-up page's rules.
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN, defineRoute } from "./define-route";
import type { AppEnv } from "../env";
import { jsonBody, jsonResponse, openApiErrorResponses, successBody } from "../envelope";
import { ApiError } from "../errors";
import { findAccount } from "../db/accounts";
import { addUserToAccount, EmailTakenError } from "../db/dashboard-users";
import { commonPasswordProblem } from "../sign-in/common-passwords";
import { hashPassword, passwordProblem } from "../sign-in/password";

const UserBody = z.object({
  email: z.email().max(254).openapi({ example: "ops@acme-travel.example" }),
  password: z.string().min(1).max(200).openapi({ example: "Blue-kettle-4417" }),
});

const route = defineRoute({
  access: ADMIN,
  method: "post",
  path: "/v1/admin/accounts/{id}/user",
  tags: ["admin"],
  summary: "Let a person sign in to an account",
  description:
    "Adds the dashboard sign-in (email and password) of an account made here; the password follows the sign-up page's rules. An account that has one, or an email in use, is a 409.",
  request: {
    params: z.object({ id: z.string().min(1).openapi({ example: "acc_1a2b3c4d5e6f7a8b9c0d" }) }),
    body: jsonBody(UserBody, true, { email: "ops@acme-travel.example", password: "Blue-kettle-4417" }),
  },
  responses: {
    201: jsonResponse(
      z.object({ account_id: z.string(), email: z.string() }),
      "AdminUserCreatedEnvelope",
      "The person can sign in at /dashboard/login",
      { account_id: "acc_1a2b3c4d5e6f7a8b9c0d", email: "ops@acme-travel.example" },
    ),
    ...openApiErrorResponses,
  },
});

export function registerAdminUsers(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { email, password } = c.req.valid("json");
    if (!(await findAccount(c.get("db"), id))) throw new ApiError("not_found", `No account \`${id}\`.`);
    const problem = passwordProblem(password) ?? (await commonPasswordProblem(password));
    if (problem)
      throw new ApiError("invalid_request", problem, {
        details: [{ parameter: "password", in: "body", message: problem }],
      });
    const user = await addUserToAccount(c.get("db"), id, email, await hashPassword(password)).catch((err) => {
      if (err instanceof EmailTakenError)
        throw new ApiError("conflict", "This account already has a sign-in, or the email belongs to another one.");
      throw err;
    });
    return c.json(successBody(c, { account_id: id, email: user.email }), 201);
  });
}
