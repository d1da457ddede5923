// Dashboard sign-in: people (users) linked to an API account, their sessions and sign-in attempts (DESIGN 2.5).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./schema";

const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

/** One person who signs in to the dashboard; each owns exactly one account. */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Lower-cased and trimmed, so sign-in does not depend on how it was typed. */
  email: text("email").notNull().unique(),
  accountId: text("account_id")
    .notNull()
    .unique()
    .references(() => accounts.id),
  /** PBKDF2-SHA256 output, hex; `passwordIterations` is kept so the count can rise later. */
  passwordHash: text("password_hash").notNull(),
  passwordSalt: text("password_salt").notNull(),
  passwordIterations: integer("password_iterations").notNull(),
  createdAt: ms("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`),
});

/** Only the SHA-256 of the cookie value is stored, so a database leak yields no usable session. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** Sent in a hidden field of every form and compared on every POST. */
    csrfToken: text("csrf_token").notNull(),
    createdAt: ms("created_at").notNull(),
    expiresAt: ms("expires_at").notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * Sign-in attempts not yet followed by a success, counted over a sliding window per email and IP,
 * per IP across emails (spraying) and per email across IPs (one account from many addresses).
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    attemptedAt: ms("attempted_at").notNull(),
  },
  (table) => [
    index("login_attempts_email_ip_idx").on(table.email, table.ip, table.attemptedAt),
    index("login_attempts_ip_idx").on(table.ip, table.attemptedAt),
  ],
);
