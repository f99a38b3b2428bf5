import type { Database } from "../db/client";
import type { Authentication } from "../services/sessions";

/** Variables every request carries, set by api/app.ts. */
export type AppEnv = {
  Variables: {
    db: Database;
    production: boolean;
  };
};

/** Added by requireAuth for routes that need a signed-in user. */
export type AuthEnv = {
  Variables: {
    auth: Authentication;
  };
};
