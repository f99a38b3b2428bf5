// @generated from the API's OpenAPI document by `npm run api:types`; do not edit.

export interface paths {
  "/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness and database reachability */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Healthy */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Health"];
          };
        };
        /** @description The database does not answer */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Health"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with an email address or a phone number
     * @description 401 INVALID_CREDENTIALS when the login or the password is wrong (the two are not told apart); 403 ACCOUNT_NOT_VERIFIED when the password is right but the account is not verified. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["LoginRequest"];
        };
      };
      responses: {
        /** @description Signed in; a new session was started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignedIn"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with an email address
     * @description 401 INVALID_CREDENTIALS when the login or the password is wrong (the two are not told apart); 403 ACCOUNT_NOT_VERIFIED when the password is right but the account is not verified. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["EmailLoginRequest"];
        };
      };
      responses: {
        /** @description Signed in; a new session was started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignedIn"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/login/phone": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a phone number
     * @description 401 INVALID_CREDENTIALS when the login or the password is wrong (the two are not told apart); 403 ACCOUNT_NOT_VERIFIED when the password is right but the account is not verified. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PhoneLoginRequest"];
        };
      };
      responses: {
        /** @description Signed in; a new session was started */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignedIn"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End the current session
     * @description Revokes the session of the bearer token; the token is refused from then on.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Signed out */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/registration": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an account and its first organization
     * @description The account is created unverified: request a verification key next. 409 EMAIL_TAKEN or PHONE_TAKEN when the login is registered already; 422 PASSWORD_TOO_COMMON for a password on the common-password list. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RegistrationRequest"];
        };
      };
      responses: {
        /** @description Registered; the account is not verified yet */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Registered"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/request-reg-verification-key": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a verification key to an unverified account
     * @description Sends a 6-digit key, valid for 10 minutes, by mail (EMAIL) or SMS (PHONE) when the login belongs to an unverified account, and always answers with a token, so that the answer does not tell whether an account exists. A new request replaces the previous key. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts. 503 MAIL_QUEUE_FULL, with Retry-After, while too much mail waits to be sent; nothing was sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["VerificationKeyRequest"];
        };
      };
      responses: {
        /** @description The token to send back with the key */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["TokenResponse"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Service unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/verify-reg-verification-key": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify an account with its token and key, and sign in
     * @description 422 INVALID_TOKEN for an unknown token; 422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED for an expired or used key. Wrong keys count per address and account (five in 15 minutes) and per account (twenty), never against the key itself. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["VerificationKeyCheck"];
        };
      };
      responses: {
        /** @description Verified and signed in */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignedIn"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/email-exists": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Whether an email address is registered
     * @description For the sign-up form's hint. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["EmailExistsRequest"];
        };
      };
      responses: {
        /** @description Whether an account uses this address */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["EmailExistsResponse"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password/request/reset-by-email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a password reset key
     * @description Answers 200 for every address and mails a 6-digit key, valid for 10 minutes, only when the address belongs to an account. A new request replaces the previous key. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts. 503 MAIL_QUEUE_FULL, with Retry-After, while too much mail waits to be sent; nothing was sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordResetRequest"];
        };
      };
      responses: {
        /** @description Accepted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Accepted"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Service unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password/verify/by-email": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a mailed reset key for a reset token
     * @description 422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED for an expired or used key. Wrong keys count per address and email (five in 15 minutes) and per email (twenty), never against the key itself. The token is valid for 10 minutes. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordResetKeyCheck"];
        };
      };
      responses: {
        /** @description The token for POST /password/reset */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["TokenResponse"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password/reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with a reset token, and sign in
     * @description Ends every session of the account and starts a new one. 422 INVALID_TOKEN for an unknown, expired or used token; 422 PASSWORD_TOO_COMMON. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordReset"];
        };
      };
      responses: {
        /** @description Password set; signed in with a new session */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SignedIn"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/password/change": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the signed-in user's password
     * @description Ends every other session of the account. 422 INVALID_PASSWORD when currentPassword is wrong; 422 PASSWORD_TOO_COMMON. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["PasswordChange"];
        };
      };
      responses: {
        /** @description Changed */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's active sessions: this one first, then the most recently used */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of the active sessions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Sign out everywhere else
     * @description Revokes every session of the user except the one making the request.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description How many sessions were ended */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SessionsRevoked"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * End one of the signed-in user's sessions
     * @description 404 for a session that is not the user's own, or not active.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Ended */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/socket-ticket": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A single-use ticket that opens the real-time socket
     * @description Valid for 60 seconds and one CONNECT. The socket is STOMP 1.2 over a WebSocket upgrade of `/api/v1/socket` (subprotocol `v12.stomp`); CONNECT carries `Authorization: Bearer <ticket or session token>` and the server offers heart-beats of 10000,10000. Destinations: `/user/queue/events` (the user's own events) and `/topic/organizations.{id}` (members only). A MESSAGE body is a JSON event `{type, id, organizationId, actor, at}`: something changed, fetch it again. The socket is closed when its session ends.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A new ticket */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["SocketTicket"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's organizations: the current one first, then by name */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of the organization's name, in any case */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of the user's organizations */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["OrganizationList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create an organization, owned by the signed-in user, and switch to it
     * @description 409 ORGANIZATION_LIMIT_REACHED when the user belongs to as many organizations as an account may (MAX_ORGANIZATIONS_PER_USER, 50 by default).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrganizationCreate"];
        };
      };
      responses: {
        /** @description The new organization, now the current one */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One of the signed-in user's organizations
     * @description 404 for an organization the user is not a member of.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The organization */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Rename the organization, change its logo or its default country (organization.manage)
     * @description Only the fields sent change. `defaultCountry` is an ISO 3166 alpha-2 code (422 INVALID_VALUE for one without phone numbers), empty for none. The logo is read like an avatar: PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels, stored as a WebP of at most 512×512.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["OrganizationUpdate"];
        };
      };
      responses: {
        /** @description The organization as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Logo larger than 5 MB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /**
     * Delete the organization and everything in it (the owner only)
     * @description `confirmName` must be the organization's name (422 CONFIRMATION_MISMATCH otherwise). Members whose current organization it was move to another of theirs.
     */
    delete: {
      parameters: {
        query: {
          confirmName: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/transfer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hand the organization to one of its admins (the owner only)
     * @description The owner confirms with their password (422 INVALID_PASSWORD; 429 after ten tries in 15 minutes, counted with password changes) and becomes an admin; the new owner must be an admin (422 NOT_AN_ADMIN).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OwnershipTransfer"];
        };
      };
      responses: {
        /** @description The organization as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/current-organization": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Switch the signed-in user's current organization
     * @description What every page shows, and the permissions of GET /user, follow it.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["OrganizationSwitch"];
        };
      };
      responses: {
        /** @description The organization now current */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Organization"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The organization's members, owner first, then by name (members.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of a name or an email address */
          search?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of members */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["MemberList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/members/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member (members.manage), or leave (one's own id)
     * @description The owner can neither leave nor be removed (403): transfer the ownership first.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          userId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Removed */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a member's role (members.manage)
     * @description The owner's role changes only by a transfer (403).
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          userId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["MemberRoleChange"];
        };
      };
      responses: {
        /** @description The member as they are now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Member"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/organizations/{id}/invitations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Invitations not yet accepted or revoked, newest first (members.manage) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of the invited address */
          search?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of the open invitations */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitationList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Invite an email address with a role (members.manage)
     * @description The address gets a link to the web app's /accept-invite, valid for 7 days, in the language of its account, or else the inviter's. 409 ALREADY_MEMBER or INVITATION_PENDING (resend that one instead). Sending and sending again count together: 429 TOO_MANY_REQUESTS (with Retry-After) past 30 an hour per inviting member, 100 per organization or 3 per address; 503 MAIL_QUEUE_FULL (with Retry-After) while too much mail waits to be sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["InvitationCreate"];
        };
      };
      responses: {
        /** @description The invitation, mailed */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Invitation"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Service unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/invitations/{invitationId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail an invitation again with a new link and a new expiry (members.manage)
     * @description The previous link stops working. Sending and sending again count together: 429 TOO_MANY_REQUESTS (with Retry-After) past 30 an hour per inviting member, 100 per organization or 3 per address; 503 MAIL_QUEUE_FULL (with Retry-After) while too much mail waits to be sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          invitationId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invitation, mailed again */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Invitation"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Service unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/invitations/{invitationId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an invitation (members.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          invitationId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked: its link no longer works */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invitations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The invitation of a link, with its organization and status
     * @description For the signed-in user who opened the link; 404 for a link that is not one.
     */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The invitation */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitationDetails"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invitations/accept": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Join the organization of an invitation, which becomes the current one
     * @description The invitation must be for the signed-in user's email address (403 INVITATION_FOR_ANOTHER_EMAIL), proven by a key (403 EMAIL_NOT_VERIFIED: verify it with POST /user/address-change) and still open (409 INVITATION_EXPIRED, INVITATION_REVOKED or INVITATION_ACCEPTED); an account that belongs to as many organizations as it may gets 409 ORGANIZATION_LIMIT_REACHED.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["InvitationAccept"];
        };
      };
      responses: {
        /** @description Joined */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["InvitationAccepted"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/workspaces": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Workspaces in the current organization, by name (workspaces.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of a name or a description */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of workspaces */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Create a workspace in the current organization (workspaces.write)
     * @description Its creator is its first member.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WorkspaceCreate"];
        };
      };
      responses: {
        /** @description The new workspace */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceDetails"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/workspaces/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workspace in the current organization, with its members (workspaces.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The workspace */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceDetails"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a workspace (workspaces.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /** Change a workspace's name, description or colour (workspaces.write) */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WorkspaceUpdate"];
        };
      };
      responses: {
        /** @description The workspace as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceDetails"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/workspaces/{id}/members/{userId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Add a member of the organization to the workspace (workspaces.write)
     * @description 422 NOT_A_MEMBER for someone outside the organization. Adding twice is no error.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          userId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The workspace as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceDetails"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /** Take someone out of the workspace (workspaces.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          userId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The workspace as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WorkspaceDetails"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every AI capability: whether it has a model, from where, and what it offers */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every capability */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiCapabilityList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai/{capability}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Give the organization its own model for a capability (ai.manage)
     * @description The key is encrypted at rest, for its provider and address, and never returned. Leave `apiKey` out to keep the stored one while the provider and the address stay the same (a change of either removes it: `keyHint` is then null), send an empty string to remove it. An address in a private network is refused when the model is used, unless the deployment allows it (AI_ALLOW_PRIVATE_NETWORK, AI_ALLOWED_NETWORKS); link-local and cloud metadata addresses always are.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AiModelSettings"];
        };
      };
      responses: {
        /** @description The capability as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiCapabilityStatus"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /** Go back to the deployment's model for a capability (ai.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The organization's own model is gone */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai/{capability}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make the smallest real call to the capability's model (ai.manage)
     * @description Answers 200 either way: `ok` with the latency, or the failure's code (AI_BAD_KEY, AI_UNKNOWN_MODEL, AI_PROVIDER_QUOTA, AI_REFUSED, AI_PROVIDER_DOWN, AI_TIMEOUT, AI_PRIVATE_ADDRESS, AI_BAD_RESPONSE, AI_NOT_CONFIGURED, AI_TOOL_MISSING) and the provider's own words. 429 TOO_MANY_REQUESTS with Retry-After past the member's rate of tests (RATE_LIMIT_AI_TEST_PER_MEMBER).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What the call gave */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiModelTest"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai/{capability}/models": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The models and voices to offer for a capability (any member)
     * @description Suggestions for the fields that name a model or a voice (a thread's model, a character's default model and voice, the organization's AI settings); a name they do not show may still be typed, and an empty list means free text. `models`: on the deployment's provider, the models organizations may name there (AI_<CAPABILITY>_MODELS, or its model alone), without asking the provider; on the organization's own OpenAI or OpenAI-compatible provider, what `GET {baseUrl}/models` lists; on an embedded model, its id. `voices` (speech only): OpenAI's documented voices, what an OpenAI-compatible server lists at `GET {baseUrl}/audio/voices`, the offline voices of the embedded one, none for other providers. An organization's address goes through the same network policy as its calls (AI_ALLOW_PRIVATE_NETWORK, AI_ALLOWED_NETWORKS). A provider is given 3 seconds and 1 MB; one that fails, is slower or answers more gives empty lists, never an error. The lists are kept for a minute per organization and capability (15 seconds after a failure), and read again at once when the capability's settings change.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lists, each sorted, possibly empty */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiModelChoices"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai/usage": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A month's AI usage by capability, with its quota, and by member (ai.manage) */
    get: {
      parameters: {
        query?: {
          /** @description YYYY-MM (UTC); this month when left out */
          month?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The month's usage */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiUsage"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/ai/quotas/{capability}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the organization's monthly limit of a capability (the owner: ai.quotas)
     * @description In the capability's unit (tokens, images, characters, seconds); null lifts every limit. Over the limit, calls answer 429 QUOTA_EXCEEDED until the next month (UTC). On the deployment's models the limit can only be lowered: one above AI_MONTHLY_LIMIT_<CAPABILITY>, or null, is 422 ABOVE_DEPLOYMENT_LIMIT (on `monthlyLimit`, with the deployment's limit as `details.deploymentLimit`); on the organization's own provider any limit goes.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AiQuota"];
        };
      };
      responses: {
        /** @description The month's usage, with the new limit */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["AiUsage"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /** Go back to the deployment's monthly limit of a capability (the owner: ai.quotas) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          capability:
            | "chat"
            | "embedding"
            | "image"
            | "speech"
            | "transcription"
            | "video"
            | "rerank";
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The organization's own limit is gone */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/dashboard": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's work at a glance (organization.read)
     * @description What was made each day (UTC) of the last 7, 30 or 90 days and in the period before, the latest activity the member may see, this month's AI usage against its quotas (by member for ai.manage) and the first-run checklist. Counts come from daily aggregates, so the answer's cost does not grow with the organization's data.
     */
    get: {
      parameters: {
        query?: {
          /** @description The period in days; 30 when left out */
          days?: "7" | "30" | "90";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dashboard */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Dashboard"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organizations/{id}/dashboard/checklist": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Put the first-run checklist away, or bring it back, for the signed-in member */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ChecklistDismissal"];
        };
      };
      responses: {
        /** @description Done */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current organization's jobs, newest first (organization.read)
     * @description Changes go out as `job.progress` (queued, started, further along) and `job.finished` (succeeded, failed, cancelled) events to the organization.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Only these statuses, comma-separated */
          status?: ("queued" | "running" | "succeeded" | "failed" | "cancelled")[];
          /** @description Only this kind */
          kind?: string;
          /** @description Only the caller's own */
          mine?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of jobs */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["JobList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/jobs/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A job of the current organization (organization.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The job */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Job"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/jobs/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a job that is waiting or running (its author, or ai.manage)
     * @description A running try is stopped wherever it runs. 409 JOB_FINISHED once it has ended.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The job, cancelled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Job"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current organization's clients (clients.read)
     * @description Search is full text in English and Arabic; Arabic is compared without diacritics, tatweel, alef and hamza forms or taa marbuta, so المدرسة finds مدرسه. Changes go out as `client.created`, `client.updated`, `client.deleted` and `client.restored` events.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Words in the name, contact, email, tags or notes; English or Arabic */
          q?: string;
          /** @description Default: relevance with a search, else name */
          sort?: "name" | "-name" | "updated" | "-updated" | "relevance";
          /** @description Comma-separated */
          status?: ("lead" | "active" | "inactive")[];
          tag?: string;
          ownerId?: string;
          workspaceId?: string;
          /** @description The deleted ones that can still be restored (30 days) */
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of clients */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ClientList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a client (clients.write)
     * @description 422 NOT_A_MEMBER for an owner outside the organization, UNKNOWN_WORKSPACE likewise.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ClientCreate"];
        };
      };
      responses: {
        /** @description The new client */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's clients as CSV (clients.read)
     * @description UTF-8 with a byte order mark (so that spreadsheets read Arabic right), by name, at most 100,000 rows; columns name, kind, status, contactName, email, phone, website, address, tags, notes; tags joined with "; ".
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The CSV file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add clients from a CSV file (clients.write)
     * @description The columns of GET /clients/export, by their header; only `name` is needed. At most 5000 rows. With `dryRun` nothing is added: the answer says which rows would be. Otherwise the valid rows are added and the others reported. 422 INVALID_CSV for a file that is not CSV, MISSING_COLUMN without a name column, TOO_MANY_ROWS past the limit.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ClientImport"];
        };
      };
      responses: {
        /** @description What was, or would be, added */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ClientImportResult"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A client, a deleted one too while it can be restored (clients.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a client, restorable for 30 days (clients.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a client (clients.write)
     * @description 409 STALE_VERSION when someone changed it since `version`: nothing is written. 409 CLIENT_DELETED for a deleted one.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ClientUpdate"];
        };
      };
      responses: {
        /** @description The client as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/clients/{id}/activity": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What happened to a client and its projects and documents, newest first (clients.read)
     * @description Changes, moves, deletions and restores; the text of a document is its versions' to tell.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of activity */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ClientActivityList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients/{id}/logo": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a client's logo (clients.write)
     * @description The logo is read like an avatar: PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels (422 INVALID_IMAGE, IMAGE_TOO_LARGE_DIMENSIONS on `logo`; 413 past 5 MB), stored as a WebP of at most 512×512 without its metadata. The logo it replaces is deleted. It moves `version` on without asking for it. 409 CLIENT_DELETED for a deleted client. Goes out as `client.updated`.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["ClientLogo"];
        };
      };
      responses: {
        /** @description The client with its new logo */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Logo larger than 5 MB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /**
     * Take a client's logo away (clients.write)
     * @description Its file is deleted and `version` moves on; a client without a logo is left as it is. 409 CLIENT_DELETED for a deleted client. Goes out as `client.updated`.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client without a logo */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/clients/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bring a deleted client back (clients.write)
     * @description 404 once 30 days have passed.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The client */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Client"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/projects": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current organization's projects (projects.read)
     * @description Search as for clients (English and normalised Arabic). Changes go out as `project.created`, `project.updated`, `project.deleted` and `project.restored` events.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          q?: string;
          sort?: "name" | "-name" | "updated" | "-updated" | "due" | "relevance";
          /** @description Comma-separated */
          status?: ("planned" | "active" | "on_hold" | "done" | "cancelled")[];
          clientId?: string;
          /** @description With `clientId`: the projects without a client too (those its records may take) */
          orWithoutClient?: "true" | "false";
          workspaceId?: string;
          tag?: string;
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of projects */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ProjectList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Start a project (projects.write)
     * @description 422 UNKNOWN_CLIENT, UNKNOWN_WORKSPACE or NOT_A_MEMBER for references outside the organization; DUE_BEFORE_START when the dates are the wrong way round.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProjectCreate"];
        };
      };
      responses: {
        /** @description The new project */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/projects/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A project, a deleted one too while it can be restored (projects.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The project */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a project, restorable for 30 days (projects.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a project (projects.write)
     * @description 409 STALE_VERSION after someone else's change; 409 PROJECT_DELETED once deleted.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ProjectUpdate"];
        };
      };
      responses: {
        /** @description The project as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/projects/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted project back (projects.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The project */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Project"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current organization's documents, without their text (documents.read)
     * @description Newest change first, or by relevance when searching titles and text (English and normalised Arabic). Changes go out as `document.created`, `document.updated`, `document.deleted`, `document.restored` and `document.version_saved` events.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          q?: string;
          sort?: "title" | "-title" | "updated" | "-updated" | "relevance";
          clientId?: string;
          projectId?: string;
          workspaceId?: string;
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of documents */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DocumentList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Write a new document (documents.write)
     * @description The content is reduced to the editor's tags. 422 UNKNOWN_CLIENT, UNKNOWN_PROJECT or UNKNOWN_WORKSPACE for references outside the organization; PROJECT_OF_OTHER_CLIENT when the project has a client other than `clientId` (a project without a client goes with any).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["DocumentCreate"];
        };
      };
      responses: {
        /** @description The new document */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new document from a Markdown (.md) or Word (.docx) file (documents.write)
     * @description At most 10 MB. A Markdown file's first `# heading` becomes the title, else the file's name. A .docx keeps its headings, lists, tables, links and images. 422 UNSUPPORTED_FILE for other files, INVALID_DOCX for a .docx that is not one, INVALID_TEXT for Markdown that is not UTF-8, FILE_UNREADABLE for a .docx that takes longer than 15 s or more memory than 512 MB to read; 413 UNPACKED_TOO_LARGE for a .docx whose ZIP says it unpacks past 48 MB.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["DocumentImport"];
        };
      };
      responses: {
        /** @description The new document */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/images": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Store an image for a document (documents.write)
     * @description PNG, JPEG or WebP of at most 10 MB and 8192×8192 pixels, stored as a WebP of at most 2000 pixels a side without its metadata. The URL goes into the document's `<img src>`.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["DocumentImage"];
        };
      };
      responses: {
        /** @description Where the image is served */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DocumentImageStored"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A document with its text, a deleted one too while it can be restored (documents.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The document */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a document, restorable for 30 days (documents.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Save a document (documents.write)
     * @description Made on `version`: after someone else's save, 409 STALE_VERSION with the document as it is now in `error.details.current`, and nothing written. 409 DOCUMENT_DELETED once deleted. While one person edits, the text before a save is kept as a version at most every 5 minutes, and whenever the last text was someone else's. 422 PROJECT_OF_OTHER_CLIENT when a new client or project leaves the project with a client other than the document's.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["DocumentUpdate"];
        };
      };
      responses: {
        /** @description The document as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/documents/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted document back (documents.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The document */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/{id}/versions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The versions kept of a document, newest first (documents.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of versions */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DocumentVersionList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** Keep the document as it is now as a named version (documents.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["DocumentVersionCreate"];
        };
      };
      responses: {
        /** @description The version */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DocumentVersionSummary"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/{id}/versions/{versionId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One version of a document, with its text (documents.read) */
    get: {
      parameters: {
        query?: {
          compare?: "current";
        };
        header?: never;
        path: {
          id: string;
          versionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The version */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["DocumentVersion"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/{id}/versions/{versionId}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Put a version's title and text back (documents.write)
     * @description The text it replaces is kept as a version first (kind `restore`), so a restore can be undone. With `version`, a document changed since is 409 STALE_VERSION.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          versionId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["DocumentVersionRestore"];
        };
      };
      responses: {
        /** @description The document as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Document"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/documents/{id}/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A document as a Markdown or HTML file (documents.read)
     * @description Markdown (GitHub's flavour: tables, task lists) with the title as its first heading, or a page of HTML of its own, ready to open or print.
     */
    get: {
      parameters: {
        query: {
          format: "md" | "html";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/markdown": string;
            "text/html": string;
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The threads the caller may read: their own and those shared with them (threads.read)
     * @description The caller's pinned threads first, then by last activity. `q` searches titles and the text of every message (English and normalised Arabic); `highlights` marks the matches. Changes go out as `thread.created`, `thread.updated`, `thread.deleted`, `thread.restored`, `message.created`, `message.completed` and `message.updated` events, whose `id` is the thread's, to its author's queue while it is private and to the organization's topic once it is shared.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          q?: string;
          /** @description true: the archived threads only; false (default): the others */
          archived?: "true" | "false";
          /** @description true: the caller's deleted threads that can still be restored */
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of threads */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ThreadList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Start a thread (threads.write)
     * @description 422 MODEL_NOT_ALLOWED on `model` for a model of the deployment's provider that it does not list (AI_CHAT_MODELS); an organization's own provider takes any of its models.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ThreadCreate"];
        };
      };
      responses: {
        /** @description The new thread */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Thread"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A thread with the messages of its current branch (threads.read)
     * @description Another's private thread is 404, as is any thread of another organization. The author sees their deleted thread while it can be restored.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The thread */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Thread"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a thread, restorable for 30 days (threads.write, its author) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a thread, or pick the branch it shows (threads.write, its author)
     * @description `currentMessageId` picks a variant: the thread then shows the branch through that message, down to its newest message (422 UNKNOWN_MESSAGE for a message of another thread). 409 THREAD_DELETED once deleted. 422 MODEL_NOT_ALLOWED on `model` as POST /threads says.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ThreadUpdate"];
        };
      };
      responses: {
        /** @description The thread as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Thread"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/threads/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted thread back (threads.write, its author) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The thread */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Thread"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask: add a message and stream the model's answer (threads.write, its author)
     * @description At most 100,000 characters. 422 UNKNOWN_MESSAGE on `parentId` for a message of another thread.
     *
     *     The answer streams as Server-Sent Events in the AI SDK's UI message stream protocol
     *     (version 1, header `x-vercel-ai-ui-message-stream: v1`): each event is `data: <JSON chunk>`, the
     *     last one `data: [DONE]`, and lines starting with `:` keep the connection alive. The chunks, in order:
     *     `start` (`messageId`: the answer's id as text; `messageMetadata`: `{ threadId, userMessageId,
     *     assistantMessageId, contextOmitted, contextAttachments, status: "streaming", error: null }`), `text-start`, one
     *     `text-delta` per piece of text (`delta`), `text-end`, then `error` (`errorText`) when the answer
     *     failed, `data-title` (`data: { title }`) when the answer gave the thread its title, and `finish`
     *     whose `messageMetadata` carries how the answer ended: `status` complete, stopped or failed, and
     *     `error` `{ code, message }`. The question and the answer are stored before the first chunk;
     *     the answer's text is stored as it streams (every second) and in full at the end. Closing the request
     *     stops the model: the answer is kept as far as it got, `stopped`. A provider's failure is an answer
     *     `failed` with its code (docs/ai.md); the question stays.
     *
     *     Refused before anything is stored: 429 TOO_MANY_REQUESTS with Retry-After past the member's
     *     chat rate (RATE_LIMIT_CHAT_PER_MEMBER, messages and regenerations together), 429 QUOTA_EXCEEDED
     *     past the organization's monthly quota, 422 MODEL_NOT_ALLOWED on `model` when the thread names a
     *     model that the deployment's provider no longer lists.
     *
     *     The model reads, within 60,000 characters: the system prompt; the entries of the
     *     thread's character's lorebook that the last messages call for (within the book's token budget);
     *     the attachments' text, in the order of attachment, together at most 30,000 characters (each takes
     *     what is left, the one that does not fit is cut at its end, those after it are left out); then the
     *     branch up to the question, newest last, in what is left: failed answers are left out, then the
     *     oldest messages first. `contextOmitted` says how many messages were left out, and
     *     `contextAttachments` (`[{ attachmentId, name, included, total }]`, in characters) what was read of
     *     each attachment; both are in `start` and `finish`, and on the stored answer. A thread without a title gets one from the model after its first
     *     complete answer (a second call of a few tokens, within 15 seconds), or, when that call fails,
     *     the first words of the question.
     *
     *     Refused before anything is stored: 409 AI_NOT_CONFIGURED (no chat model is set up for the
     *     organization), 429 QUOTA_EXCEEDED (its monthly chat quota is used; Retry-After), 409
     *     ANSWER_IN_PROGRESS (another answer of the thread is being written), 409 THREAD_DELETED, 403 for a
     *     thread shared by someone else (only its author writes in it).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ThreadMessageCreate"];
        };
      };
      responses: {
        /** @description The answer, as it is written */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask in a new thread: start it with the message and stream the answer (threads.write)
     * @description A private thread with the organization's chat model, made only when the question can be sent: refused before anything is stored (409 AI_NOT_CONFIGURED, 429 QUOTA_EXCEEDED), no thread is left behind. `start`'s `threadId` names the new thread. At most 100,000 characters.
     *
     *     The answer streams as Server-Sent Events in the AI SDK's UI message stream protocol
     *     (version 1, header `x-vercel-ai-ui-message-stream: v1`): each event is `data: <JSON chunk>`, the
     *     last one `data: [DONE]`, and lines starting with `:` keep the connection alive. The chunks, in order:
     *     `start` (`messageId`: the answer's id as text; `messageMetadata`: `{ threadId, userMessageId,
     *     assistantMessageId, contextOmitted, contextAttachments, status: "streaming", error: null }`), `text-start`, one
     *     `text-delta` per piece of text (`delta`), `text-end`, then `error` (`errorText`) when the answer
     *     failed, `data-title` (`data: { title }`) when the answer gave the thread its title, and `finish`
     *     whose `messageMetadata` carries how the answer ended: `status` complete, stopped or failed, and
     *     `error` `{ code, message }`. The question and the answer are stored before the first chunk;
     *     the answer's text is stored as it streams (every second) and in full at the end. Closing the request
     *     stops the model: the answer is kept as far as it got, `stopped`. A provider's failure is an answer
     *     `failed` with its code (docs/ai.md); the question stays.
     *
     *     Refused before anything is stored: 429 TOO_MANY_REQUESTS with Retry-After past the member's
     *     chat rate (RATE_LIMIT_CHAT_PER_MEMBER, messages and regenerations together), 429 QUOTA_EXCEEDED
     *     past the organization's monthly quota, 422 MODEL_NOT_ALLOWED on `model` when the thread names a
     *     model that the deployment's provider no longer lists.
     *
     *     The model reads, within 60,000 characters: the system prompt; the entries of the
     *     thread's character's lorebook that the last messages call for (within the book's token budget);
     *     the attachments' text, in the order of attachment, together at most 30,000 characters (each takes
     *     what is left, the one that does not fit is cut at its end, those after it are left out); then the
     *     branch up to the question, newest last, in what is left: failed answers are left out, then the
     *     oldest messages first. `contextOmitted` says how many messages were left out, and
     *     `contextAttachments` (`[{ attachmentId, name, included, total }]`, in characters) what was read of
     *     each attachment; both are in `start` and `finish`, and on the stored answer. A thread without a title gets one from the model after its first
     *     complete answer (a second call of a few tokens, within 15 seconds), or, when that call fails,
     *     the first words of the question.
     *
     *     Refused before anything is stored: 409 AI_NOT_CONFIGURED (no chat model is set up for the
     *     organization), 429 QUOTA_EXCEEDED (its monthly chat quota is used; Retry-After), 409
     *     ANSWER_IN_PROGRESS (another answer of the thread is being written), 409 THREAD_DELETED, 403 for a
     *     thread shared by someone else (only its author writes in it).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["NewThreadMessage"];
        };
      };
      responses: {
        /** @description The answer, as it is written */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/messages/{messageId}/regenerate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Write an answer again: a new variant beside it (threads.write, its author)
     * @description The new answer follows the same question, and the thread shows it. 422 NOT_AN_ANSWER for a question.
     *
     *     The answer streams as Server-Sent Events in the AI SDK's UI message stream protocol
     *     (version 1, header `x-vercel-ai-ui-message-stream: v1`): each event is `data: <JSON chunk>`, the
     *     last one `data: [DONE]`, and lines starting with `:` keep the connection alive. The chunks, in order:
     *     `start` (`messageId`: the answer's id as text; `messageMetadata`: `{ threadId, userMessageId,
     *     assistantMessageId, contextOmitted, contextAttachments, status: "streaming", error: null }`), `text-start`, one
     *     `text-delta` per piece of text (`delta`), `text-end`, then `error` (`errorText`) when the answer
     *     failed, `data-title` (`data: { title }`) when the answer gave the thread its title, and `finish`
     *     whose `messageMetadata` carries how the answer ended: `status` complete, stopped or failed, and
     *     `error` `{ code, message }`. The question and the answer are stored before the first chunk;
     *     the answer's text is stored as it streams (every second) and in full at the end. Closing the request
     *     stops the model: the answer is kept as far as it got, `stopped`. A provider's failure is an answer
     *     `failed` with its code (docs/ai.md); the question stays.
     *
     *     Refused before anything is stored: 429 TOO_MANY_REQUESTS with Retry-After past the member's
     *     chat rate (RATE_LIMIT_CHAT_PER_MEMBER, messages and regenerations together), 429 QUOTA_EXCEEDED
     *     past the organization's monthly quota, 422 MODEL_NOT_ALLOWED on `model` when the thread names a
     *     model that the deployment's provider no longer lists.
     *
     *     The model reads, within 60,000 characters: the system prompt; the entries of the
     *     thread's character's lorebook that the last messages call for (within the book's token budget);
     *     the attachments' text, in the order of attachment, together at most 30,000 characters (each takes
     *     what is left, the one that does not fit is cut at its end, those after it are left out); then the
     *     branch up to the question, newest last, in what is left: failed answers are left out, then the
     *     oldest messages first. `contextOmitted` says how many messages were left out, and
     *     `contextAttachments` (`[{ attachmentId, name, included, total }]`, in characters) what was read of
     *     each attachment; both are in `start` and `finish`, and on the stored answer. A thread without a title gets one from the model after its first
     *     complete answer (a second call of a few tokens, within 15 seconds), or, when that call fails,
     *     the first words of the question.
     *
     *     Refused before anything is stored: 409 AI_NOT_CONFIGURED (no chat model is set up for the
     *     organization), 429 QUOTA_EXCEEDED (its monthly chat quota is used; Retry-After), 409
     *     ANSWER_IN_PROGRESS (another answer of the thread is being written), 409 THREAD_DELETED, 403 for a
     *     thread shared by someone else (only its author writes in it).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          messageId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The answer, as it is written */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/messages/{messageId}/next-greeting": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Show a character's next greeting in place of its greeting (threads.write, its author)
     * @description A character's thread opens with one of its greetings (the card's first message and its alternate greetings), the others stored beside it as its versions (`variants`). This shows the version after `messageId`, after the last the first, with the branch that follows it; a thread opened before the greetings were stored as versions is given the missing ones first. 422 NOT_A_GREETING for a message that is not a greeting, 409 NO_OTHER_GREETING when the character has only one, 409 ANSWER_IN_PROGRESS while an answer is being written.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          messageId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The thread as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Thread"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/messages/{messageId}/feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Rate an answer (threads.write, the thread's author)
     * @description A null rating takes the rating back. 422 NOT_AN_ANSWER for a question.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          messageId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["ThreadMessageFeedback"];
        };
      };
      responses: {
        /** @description The message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ThreadMessage"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A thread as a Markdown or JSON file (threads.read)
     * @description Markdown: the title, the system prompt and the current branch. JSON: `{ thread, messages }`, the thread's settings and every message of every branch, oldest first, each with its `parentId`, so that the tree can be rebuilt.
     */
    get: {
      parameters: {
        query: {
          format: "md" | "json";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/markdown": string;
            "application/json": components["schemas"]["ThreadExport"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/attachments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What a thread's model reads besides the messages (threads.read)
     * @description In the order of attachment. A document's attachment carries the document's title and length as they are now, and `available: false` once the document was deleted (it is then left out of the context).
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The attachments */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ThreadAttachmentList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Attach a document or a file to a thread (threads.write, its author)
     * @description JSON `{ documentId }` attaches a document of the organization (documents.read too): its text
     *     is read again at each answer. A multipart `file` attaches a text (.txt), Markdown (.md), PDF (.pdf) or
     *     Word (.docx) file of at most 10 MB: its text is taken out now and kept (at most
     *     200,000 characters), the file is not. A thread holds at most 20 attachments. The
     *     answers read the attachments after the system prompt, together at most
     *     30,000 characters (docs/threads.md). The thread's event is `thread.updated`.
     *
     *     Refused, with nothing stored: 404 UNKNOWN_DOCUMENT on `documentId` for a document that is not the
     *     organization's, deleted, or unknown; 409 ALREADY_ATTACHED for a document the thread holds; 409
     *     TOO_MANY_ATTACHMENTS; 409 THREAD_DELETED; 403 for a thread shared by someone else (only its author
     *     attaches); 413 FILE_TOO_LARGE, UNPACKED_TOO_LARGE (a .docx whose ZIP says it unpacks past 48 MB);
     *     422 on `file`: UNSUPPORTED_FILE (another kind of file), INVALID_PDF, INVALID_DOCX, INVALID_TEXT
     *     (content that is not what the name says), NO_TEXT (nothing to read, as in a scanned PDF),
     *     TEXT_TOO_LONG, TOO_MANY_PAGES, FILE_UNREADABLE (a PDF or .docx that takes longer than 15 s or more
     *     memory than 512 MB to read).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["ThreadAttachDocument"];
          "multipart/form-data": components["schemas"]["ThreadAttachFile"];
        };
      };
      responses: {
        /** @description The attachment */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["ThreadAttachment"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/threads/{id}/attachments/{attachmentId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Take an attachment off a thread (threads.write, its author)
     * @description The document itself stays. Later answers no longer read it; the answers written before keep what they read of it in `contextAttachments`.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          attachmentId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Taken off */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The characters the caller may see: their own and those shared (characters.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Full-text search of names, tags, descriptions and notes, English and Arabic */
          q?: string;
          tag?: string;
          /** @description Only the caller's own */
          mine?: "true" | "false";
          /** @description The caller's deleted characters, while restorable */
          deleted?: "true" | "false";
          /** @description Default: relevance with a search, else name */
          sort?: "name" | "-updated";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of characters */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CharacterList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * A new character of the caller's (characters.write)
     * @description 422 MODEL_NOT_ALLOWED on `defaultModel` for a model of the deployment's provider that it does not list (AI_CHAT_MODELS); an organization's own provider takes any of its models.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CharacterCreate"];
        };
      };
      responses: {
        /** @description The new character */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new private character from a Character Card V1, V2 or V3, JSON or PNG (characters.write)
     * @description At most 5 MB (413 FILE_TOO_LARGE). A PNG carries the card in its `chara` text chunk, and its picture becomes the avatar. 422 on `file`: NO_CARD for a PNG without a card, UNSUPPORTED_CARD_VERSION for a card of another spec or version than V1 (flat fields), chara_card_v2 2.0 or chara_card_v3 3.x, NOT_A_CARD for a file that is not a card at all, INVALID_CARD for a card whose fields are not valid.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["CharacterImport"];
        };
      };
      responses: {
        /** @description The new character */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Larger than the limit */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A character the caller may see (characters.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The character */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a character of the caller's, restorable for 30 days (characters.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a character of the caller's (characters.write)
     * @description 403 for someone else's shared character (clone it instead); 409 STALE_VERSION when it changed since `version`; 409 CHARACTER_DELETED; 422 MODEL_NOT_ALLOWED on `defaultModel` as POST /characters says.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CharacterUpdate"];
        };
      };
      responses: {
        /** @description The character as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/characters/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted character of the caller's back (characters.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The character */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/{id}/clone": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A private copy for the caller of a character they may see (characters.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["CharacterClone"];
        };
      };
      responses: {
        /** @description The copy */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/{id}/chat": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Chat with a character: a new thread of the caller's, or their latest (threads.write)
     * @description The thread is titled with the character's name and takes the character's instructions (its system prompt, description, personality, scenario and example dialogue, with {{char}} and {{user}} filled in) and its default model, and opens with its greeting: `greeting` 0 is the first message, 1 and on the alternate greetings (422 UNKNOWN_GREETING past them); the other greetings are the greeting's versions. With `resume: true`, the caller's latest thread with the character that is neither deleted nor archived is answered instead (200), when there is one.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["CharacterChat"];
        };
      };
      responses: {
        /** @description The caller's latest chat with the character (`resume`) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description GET /threads/{id} */
              threadId: number;
            };
          };
        };
        /** @description The new thread */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              /** @description GET /threads/{id} */
              threadId: number;
            };
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/{id}/avatar": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a character's avatar (characters.write)
     * @description Read like a user's avatar: PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels, stored as a WebP of at most 512×512 without its metadata.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["CharacterAvatar"];
        };
      };
      responses: {
        /** @description The character with its avatar */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Larger than 5 MB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    /** Take a character's avatar away (characters.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The character without an avatar */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Character"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/characters/{id}/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A character as a Character Card V2, JSON or PNG (characters.read)
     * @description The PNG is the avatar (or a plain square) with the card in its `chara` text chunk. The default model and voice travel in the card's `extensions.qalam`.
     */
    get: {
      parameters: {
        query: {
          format: "json" | "png";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The card */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              [key: string]: unknown;
            };
            "image/png": string;
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/media": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's media library, newest first (media.read)
     * @description Keyset paging: each page gives `nextCursor`, which asks for the page after it; items made meanwhile do not shift the pages. 422 INVALID_CURSOR for a cursor this list did not give.
     */
    get: {
      parameters: {
        query?: {
          kind?: "image" | "audio" | "video";
          favourite?: "true" | "false";
          projectId?: string;
          clientId?: string;
          authorId?: string;
          /** @description Only what this model made */
          model?: string;
          /** @description Only what this job made: a generation's variants */
          jobId?: string;
          /** @description Made on or after this day (UTC) */
          from?: string;
          /** @description Made on or before this day (UTC), the whole day */
          to?: string;
          /** @description Full-text search of titles and prompts, English and Arabic */
          q?: string;
          cursor?: string;
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the library */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["MediaList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/media/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An item of the organization's library (media.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The item */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Media"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete an item, restorable for 30 days (media.write) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change an item's title, favourite mark, project or client (media.write)
     * @description 422 UNKNOWN_PROJECT or UNKNOWN_CLIENT for one that is not the organization's; 409 MEDIA_DELETED for a deleted item.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["MediaUpdate"];
        };
      };
      responses: {
        /** @description The item as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Media"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/media/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted item back (media.write) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The item */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Media"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/media/zip": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Items' files as one zip, streamed (media.read)
     * @description 1 to 100 ids; the same id twice is one entry. The entries, in the order asked, are named after the items' titles (UTF-8, unique within the zip: `Title (2).png`) and stored without compression, since media is compressed already. 404 NOT_FOUND, with the ids in `details.missing`, when any id is not an item of the organization or is deleted: nothing is sent then.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["MediaZipRequest"];
        };
      };
      responses: {
        /** @description The zip, `qalam-media.zip` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/zip": string;
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/media/{id}/content": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An item's file (media.read)
     * @description Streamed from the storage, never whole in memory; 404 when the file is gone from it. Answers range requests (`Range: bytes=…`, one range) with 206 and Content-Range, and 416 for a range past the file's end; `If-Range` with another ETag sends the whole file, `If-None-Match` with its ETag 304. Cached privately for a year: an item's file never changes. `download=1` adds `Content-Disposition: attachment` with the item's title as the name (`filename*`, UTF-8), else its kind and short id.
     */
    get: {
      parameters: {
        query?: {
          /** @description 1: `Content-Disposition: attachment`, named after the item's title */
          download?: "0" | "1";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            /** @description `bytes start-end/size` on a 206 */
            "Content-Range"?: string;
            /** @description Strong: an item's file never changes */
            ETag: string;
            [name: string]: unknown;
          };
          content: {
            "application/octet-stream": string;
          };
        };
        /** @description The range asked for */
        206: {
          headers: {
            /** @description `bytes start-end/size` on a 206 */
            "Content-Range"?: string;
            /** @description Strong: an item's file never changes */
            ETag: string;
            [name: string]: unknown;
          };
          content: {
            "application/octet-stream": string;
          };
        };
        /** @description If-None-Match named the file's ETag */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The range is not in the file; Content-Range gives its size */
        416: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/media/{id}/thumbnail": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An item's thumbnail (media.read)
     * @description A WebP that fits inside 512×512; 404 for an item without one. Answers range requests (`Range: bytes=…`, one range) with 206 and Content-Range, and 416 for a range past the file's end; `If-Range` with another ETag sends the whole file, `If-None-Match` with its ETag 304. Cached privately for a year: an item's file never changes. `download=1` adds `Content-Disposition: attachment` with the item's title as the name (`filename*`, UTF-8), else its kind and short id.
     */
    get: {
      parameters: {
        query?: {
          /** @description 1: `Content-Disposition: attachment`, named after the item's title */
          download?: "0" | "1";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The thumbnail */
        200: {
          headers: {
            /** @description `bytes start-end/size` on a 206 */
            "Content-Range"?: string;
            /** @description Strong: an item's file never changes */
            ETag: string;
            [name: string]: unknown;
          };
          content: {
            "application/octet-stream": string;
          };
        };
        /** @description The range asked for */
        206: {
          headers: {
            /** @description `bytes start-end/size` on a 206 */
            "Content-Range"?: string;
            /** @description Strong: an item's file never changes */
            ETag: string;
            [name: string]: unknown;
          };
          content: {
            "application/octet-stream": string;
          };
        };
        /** @description If-None-Match named the file's ETag */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description The range is not in the file; Content-Range gives its size */
        416: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/generations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make images, speech or a video, as a job (media.create)
     * @description Answers 202 with the job; its `result`, once it has succeeded, is `{ mediaIds }`, the items it wrote into the library, whose `settings` are this body; a video made without sound adds `silent: { reason: NO_VOICE | NOTHING_TO_READ, missingTool? }`. Refused before anything is queued or charged: 422 on the field (`TOO_LONG`, `REQUIRED`, `UNSUPPORTED_SIZE`, `UNSUPPORTED_DURATION`, `UNKNOWN_VOICE`, `NOT_AN_IMAGE`, `MODEL_NOT_ALLOWED` for a `model` that the deployment's provider does not list), 429 `QUOTA_EXCEEDED` past the month's quota, 429 `TOO_MANY_REQUESTS` with Retry-After past the member's rate (RATE_LIMIT_GENERATION_PER_MEMBER, recipe runs included), 429 `TOO_MANY_WAITING_JOBS` while the organization has JOBS_WAITING_PER_ORGANIZATION jobs waiting, 409 `AI_NOT_CONFIGURED` when the kind has no model.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["Generation"];
        };
      };
      responses: {
        /** @description The job that makes it */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["GenerationJob"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/generations/options": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the creators offer, per kind: models, sizes, voices, durations (media.create) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The offers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["GenerationOptions"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recipes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recipes the caller may see: their own and those shared (media.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of a recipe's name */
          q?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of recipes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RecipeList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /** A new recipe of the caller's: an image, a video from it, narration (media.create) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RecipeCreate"];
        };
      };
      responses: {
        /** @description The new recipe */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Recipe"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recipes/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A recipe the caller may see (media.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recipe */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Recipe"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a recipe of the caller's; what it made stays (media.create) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a recipe of the caller's (media.create)
     * @description 403 for someone else's shared recipe. `steps` is replaced as a whole.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["RecipeUpdate"];
        };
      };
      responses: {
        /** @description The recipe as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Recipe"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/recipes/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bring back a recipe the caller deleted, as the undo of a deletion (media.create)
     * @description Within 30 days of its deletion; after that the recipe is purged, and this answers 404.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recipe */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Recipe"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/recipes/{id}/run": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a recipe the caller may see, as one `recipe.run` job (media.create)
     * @description Answers 202 with the job; its `result`, once it has succeeded, is `{ mediaIds }`: the image, then the video made from it. Refused as POST /generations refuses, before anything is queued or charged: 422 (`UNSUPPORTED_SIZE`, `UNSUPPORTED_DURATION`, `UNKNOWN_VOICE`, `NOT_AN_IMAGE`), 429 `QUOTA_EXCEEDED`, `TOO_MANY_REQUESTS` or `TOO_MANY_WAITING_JOBS`, 409 `AI_NOT_CONFIGURED` without an image, video or (with narration) speech model.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The job that runs it */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["RecipeJob"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The current organization's bots (bots.read)
     * @description Search as for projects. Changes go out as `bot.created`, `bot.updated`, `bot.deleted` and `bot.restored` events (a card's change is its bot's `bot.updated`).
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          q?: string;
          sort?: "name" | "-name" | "updated" | "-updated" | "relevance";
          /** @description Comma-separated */
          status?: ("draft" | "live")[];
          workspaceId?: string;
          tag?: string;
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of bots */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Make a bot (bots.manage)
     * @description A draft with a new public id and no identity secret. 422 UNKNOWN_WORKSPACE, UNKNOWN_PROJECT, UNKNOWN_CHARACTER (a character must be shared with the organization) or UNKNOWN_IMAGE (`avatarMediaId`: an image of the library) for what the organization does not have; MODEL_NOT_ALLOWED on `chatModel` for a model the deployment does not offer.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotCreate"];
        };
      };
      responses: {
        /** @description The new bot */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Bot"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot, a deleted one too while it can be restored (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The bot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Bot"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a bot with its cards, restorable for 30 days (bots.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a bot (bots.manage)
     * @description 409 STALE_VERSION after someone else's change; 409 BOT_DELETED once deleted. The appearance's fields given replace those the bot had. 422 UNKNOWN_WORKSPACE, UNKNOWN_PROJECT, UNKNOWN_CHARACTER (a character must be shared with the organization) or UNKNOWN_IMAGE (`avatarMediaId`: an image of the library) for what the organization does not have; MODEL_NOT_ALLOWED on `chatModel` for a model the deployment does not offer.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotUpdate"];
        };
      };
      responses: {
        /** @description The bot as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Bot"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/bots/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted bot back (bots.manage) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The bot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Bot"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/duplicate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Copy a bot (bots.manage)
     * @description A draft with the bot's settings, appearance, domains and cards (counted from zero), a new public id and no identity secret. 409 BOT_DELETED for a deleted bot.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["BotDuplicate"];
        };
      };
      responses: {
        /** @description The copy */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Bot"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/summary": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot at a glance: conversations, the last ones, its checklist (bots.read)
     * @description Preview conversations (a member trying the bot) count nowhere. Days are UTC days, as the dashboard's.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The summary */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotSummary"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/secret/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a new identity verification secret (bots.manage)
     * @description Replaces the bot's secret (signatures made with the old one stop verifying) and answers the new one this once: it is stored sealed and never shown again. The bot's version stays. 409 BOT_DELETED for a deleted bot.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new secret */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotSecret"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/conversations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's conversations, the latest first, with what each held (bots.read)
     * @description The visitors' by default; `preview=true` for the members' own tries. `q` searches the messages in full text; the filters combine.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Words of the conversation's messages, in full text (Arabic normalised) */
          q?: string;
          /** @description Begun on or after this day (UTC) */
          from?: string;
          /** @description Begun on or before this day (UTC) */
          to?: string;
          /** @description With an answer the visitor rated so */
          rating?: "up" | "down";
          /** @description `true`: with a question the bot's knowledge did not cover */
          unanswered?: "true" | "false";
          /** @description The widget's language */
          language?: "en" | "ar";
          /** @description `true`: where the visitor left their details */
          lead?: "true" | "false";
          /** @description `true`: the members' own tries in the preview instead of the visitors' */
          preview?: "true" | "false";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of conversations */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotConversationList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/conversations/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's conversations as CSV or JSON, a message a row, streamed (bots.read)
     * @description The list's filters; conversations oldest first, each message in order, read and sent a batch at a time. CSV: UTF-8 with a byte order mark, columns conversation_id, conversation_started_at, site, language, visitor_name, visitor_email, message_id, at, role, text, status, model, input_tokens, output_tokens, first_token_ms, rating, unanswered, fallback, sources (sources: each one's address, else its title, joined by " | "); a cell that begins with =, +, -, @, a tab or a carriage return is prefixed with '. JSON: an array of messages, `sources` as the transcript gives them.
     */
    get: {
      parameters: {
        query?: {
          /** @description Words of the conversation's messages, in full text (Arabic normalised) */
          q?: string;
          /** @description Begun on or after this day (UTC) */
          from?: string;
          /** @description Begun on or before this day (UTC) */
          to?: string;
          /** @description With an answer the visitor rated so */
          rating?: "up" | "down";
          /** @description `true`: with a question the bot's knowledge did not cover */
          unanswered?: "true" | "false";
          /** @description The widget's language */
          language?: "en" | "ar";
          /** @description `true`: where the visitor left their details */
          lead?: "true" | "false";
          /** @description `true`: the members' own tries in the preview instead of the visitors' */
          preview?: "true" | "false";
          format?: "csv" | "json";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
            "application/json": {
              [key: string]: unknown;
            }[];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/conversations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's conversation with its messages, oldest first (bots.read)
     * @description Each answer with its model, tokens, time to first token, rating and the sources it cites; at most 2,000 messages. 404 for another organization's.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The transcript */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotTranscript"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's webhooks, oldest first (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The webhooks */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              items: components["schemas"]["Webhook"][];
            };
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Post a bot's events to an address, signed (bots.manage)
     * @description Answers the secret (`whsec_…`) this once. Each event is posted as JSON with `webhook-id`, `webhook-timestamp` and `webhook-signature` as Standard Webhooks specifies (HMAC-SHA256), tried again with a doubling pause until a 2xx. Only public addresses, unless WEBHOOKS_ALLOW_PRIVATE_NETWORK=1. 422 TOO_MANY_WEBHOOKS past 10 a bot.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WebhookCreate"];
        };
      };
      responses: {
        /** @description The webhook and its secret */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookWithSecret"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a webhook and its log (bots.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a webhook's address, events or whether it is on (bots.manage)
     * @description 409 STALE_VERSION when `version` is not the webhook's.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["WebhookUpdate"];
        };
      };
      responses: {
        /** @description The webhook as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Webhook"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/webhooks/{id}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A new secret for a webhook, answered this once (bots.manage)
     * @description The secret before still signs beside it for 24 hours.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The new secret */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              secret: string;
              /** Format: date-time */
              previousValidUntil: string;
            };
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A webhook's deliveries, newest first, with how each went (bots.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of deliveries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["WebhookDeliveryList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivery again from its first try, with the same webhook-id (bots.manage) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          deliveryId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/cards": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's message cards, in their order (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The cards */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotCardList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a card to a bot (bots.manage)
     * @description After the others unless `position` says otherwise. 422 TOO_MANY_CARDS past 50; UNKNOWN_IMAGE on `imageMediaId` for what is not an image of the library; 409 BOT_DELETED for a deleted bot.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotCardCreate"];
        };
      };
      responses: {
        /** @description The new card */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotCard"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/cards/{cardId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A card of a bot (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          cardId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The card */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotCard"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a card for good (bots.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          cardId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a card (bots.manage)
     * @description 409 STALE_VERSION after someone else's change; 409 BOT_DELETED for a deleted bot.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          cardId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotCardUpdate"];
        };
      };
      responses: {
        /** @description The card as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotCard"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/bots/{id}/knowledge/sources": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's knowledge sources, newest first (bots.read) */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of sources */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeSourcePage"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Teach a bot: a text, a file, or a document of Documents (bots.manage)
     * @description A text or a document as JSON; a file as multipart/form-data, its text read at once (422 with the reason on `file`: UNSUPPORTED_FILE_TYPE, ENCRYPTED_FILE, UNREADABLE_FILE, EMPTY_FILE, FILE_TOO_LARGE_UNPACKED; 413 past 20 MB, refused while it streams). The source is queued and read by a job: `status` goes from queued to processing to ready (or failed, with the reason), followed live by `knowledge.source.updated` events. A document's source reads it again whenever it is saved. 422 TOO_MANY_SOURCES past 500 a bot; 404 for a document the caller may not read; 409 BOT_DELETED for a deleted bot; 429 TOO_MANY_WAITING_JOBS while the organization has too much work waiting.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: {
        content: {
          "application/json": components["schemas"]["KnowledgeSourceCreate"];
          "multipart/form-data": components["schemas"]["KnowledgeSourceFile"];
        };
      };
      responses: {
        /** @description The new source, queued */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeSource"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/sources/{sourceId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A source with its chunks (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          sourceId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The source */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeSourceWithChunks"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a source and its chunks for good (bots.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          sourceId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted: answers no longer draw on it */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/sources/{sourceId}/sync": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Read a source again, or retry a failed one (bots.manage)
     * @description A source already queued or being read is left to finish.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          sourceId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The source as it is now */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeSource"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * What the bot would draw on for a question: the test box (bots.read)
     * @description Full-text search (any of the question's words, English and Arabic) and, where vectors are kept, the nearest of the organization's embedding model, fused by reciprocal rank; the question-and-answer pairs beside them. The question's embedding counts in the usage.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["KnowledgeSearch"];
        };
      };
      responses: {
        /** @description The ranked passages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeSearchResult"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/qa": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's questions and answers, newest first (bots.read)
     * @description A deleted bot's too while it can be restored. `q` searches the questions in full text.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Words of the questions, in full text (Arabic normalised), as the lists' search */
          q?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of pairs */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeQaList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Add a question with its answer to a bot (bots.manage)
     * @description 422 TOO_MANY_QA past 5,000 pairs a bot; 409 BOT_DELETED for a deleted bot. Goes out as a `knowledge.changed` event whose `id` is the bot's.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["KnowledgeQaCreate"];
        };
      };
      responses: {
        /** @description The new pair */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeQa"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/qa/import": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a file of questions and answers to a bot, all or none (bots.manage)
     * @description The body is the file: `text/csv` with a `question,answer` header (other columns are left out), or `application/x-ndjson` (JSON Lines: one `{"question","answer"}` object a line), UTF-8, at most 2 MiB (413 PAYLOAD_TOO_LARGE past it; 415 for another type). Each row is checked as POST …/knowledge/qa checks a pair; when any is bad nothing is added and 422 INVALID_ROWS lists them in `details.rows` (`line`, `field`: the field or `row` for a line that cannot be read, `code`, `message`; the first 100) with `details.invalidRows`, their count. 422 NO_ROWS for a file without a pair, INVALID_TEXT for one that is not UTF-8, TOO_MANY_QA when the bot would pass 5,000; 409 BOT_DELETED for a deleted bot. The pairs keep the file's order. Goes out as a `knowledge.changed` event whose `id` is the bot's.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "text/csv": string;
          "application/x-ndjson": string;
        };
      };
      responses: {
        /** @description How many pairs were added */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeQaImported"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 2 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/qa/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's questions and answers as a file to download (bots.read)
     * @description Oldest first, named after the bot (`<name>-qa.csv`). `csv`: UTF-8 with a byte order mark, a `question,answer` header, cells that a spreadsheet would run as formulas preceded by `'` (taken off again by an import); `jsonl`: one `{"question","answer"}` object a line. An import of the file adds the same pairs.
     */
    get: {
      parameters: {
        query?: {
          format?: "csv" | "jsonl";
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file, as an attachment */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
            "application/x-ndjson": string;
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/knowledge/qa/{qaId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A question with its answer (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          qaId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The pair */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeQa"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /**
     * Delete a question with its answer for good (bots.manage)
     * @description 409 BOT_DELETED for a deleted bot. Goes out as a `knowledge.changed` event whose `id` is the bot's.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          qaId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a question or its answer (bots.manage)
     * @description 409 STALE_VERSION after someone else's change, with the pair as it is now in `details.current`; 409 BOT_DELETED for a deleted bot. Goes out as a `knowledge.changed` event whose `id` is the bot's.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
          qaId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["KnowledgeQaUpdate"];
        };
      };
      responses: {
        /** @description The pair as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["KnowledgeQa"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/user/current-bot": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller's current bot in their current organization (bots.read)
     * @description Each member has one per organization, as they have a current organization: the one they chose while it is not deleted, else the organization's oldest bot.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The current bot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentBot"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Choose the caller's current bot (bots.read)
     * @description 422 UNKNOWN_BOT on `botId` for anything but a bot of the organization not deleted.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["CurrentBotChoice"];
        };
      };
      responses: {
        /** @description The current bot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentBot"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/lead-form": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A bot's lead form (bots.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The form */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotLeadForm"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Replace a bot's lead form (bots.manage)
     * @description Name, email and phone each off, optional or required; up to 10 fields of the owner's own (text, number, select with its choices, checkbox), each with a unique key. The bot's version stays; the change goes out as `bot.updated`. 409 BOT_DELETED in the bin.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotLeadFormInput"];
        };
      };
      responses: {
        /** @description The form as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotLeadForm"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's leads, newest first (leads.read)
     * @description Changes go out as `lead.created`, `lead.updated`, `lead.deleted` and `lead.restored` events to the organization.
     */
    get: {
      parameters: {
        query?: {
          page?: number;
          pageSize?: number;
          /** @description Part of a name, an email or a phone */
          q?: string;
          /** @description Comma-separated */
          status?: ("new" | "contacted" | "qualified" | "won" | "lost")[];
          botId?: string;
          clientId?: string;
          /** @description Made at or after (a date is its midnight UTC) */
          from?: string;
          /** @description Made before */
          to?: string;
          deleted?: "true" | "false";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of leads */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["LeadList"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The organization's leads as CSV or JSON, streamed (leads.read)
     * @description The list's filters, newest first, read and sent a batch at a time. CSV: UTF-8 with a byte order mark, columns id, created_at, bot, name, email, phone, status, owner, notes, consent_at, conversation_id, client_id, custom (custom as JSON); a cell that begins with =, +, -, @, a tab or a carriage return is prefixed with '. JSON: an array of leads.
     */
    get: {
      parameters: {
        query?: {
          /** @description Part of a name, an email or a phone */
          q?: string;
          /** @description Comma-separated */
          status?: ("new" | "contacted" | "qualified" | "won" | "lost")[];
          botId?: string;
          clientId?: string;
          /** @description Made at or after (a date is its midnight UTC) */
          from?: string;
          /** @description Made before */
          to?: string;
          format?: "csv" | "json";
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/csv": string;
            "application/json": {
              [key: string]: unknown;
            }[];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A lead, a deleted one too while it can be restored (leads.read) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lead */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Lead"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete a lead, restorable for 30 days (leads.manage) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    /**
     * Change a lead's status, notes or owner (leads.manage)
     * @description 422 NOT_A_MEMBER on `ownerId`; 409 LEAD_DELETED in the bin, STALE_VERSION when `version` is given and is not the lead's.
     */
    patch: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["LeadUpdate"];
        };
      };
      responses: {
        /** @description The lead as it is now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Lead"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    trace?: never;
  };
  "/leads/{id}/convert": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make a client of a lead (leads.manage and clients.write)
     * @description A person named as the lead, with its email and phone, linked both ways (the lead's `client`; `GET /leads?clientId=`). Once: 409 LEAD_CONVERTED with `details.client` after.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lead, with its client */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Lead"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/leads/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring a deleted lead back (leads.manage) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The lead */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Lead"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's public configuration (no authentication)
     * @description 404 for no such bot, a bot that is not live, or a page origin the bot does not allow.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The configuration */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotPublicConfig"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/page": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the bot's full-page chat needs (no authentication)
     * @description The name, the language and the allowed domains, which the page at /b/{publicId} puts in its `frame-ancestors`. 404 for no such bot, a bot that is not live, or a page origin the bot does not allow.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The page's bot */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotPublicPage"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/conversations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a visitor's conversation (no authentication)
     * @description A draft bot only with `previewToken` (POST /bots/{id}/preview-token). Returns the conversation and a signed visitor token that opens it alone, for 30 days. An `identity` (the site's user id signed with the bot's identity secret: HMAC-SHA256, hex) is verified and kept on the conversation; 403 IDENTITY_INVALID for a forged signature or a bot without a secret.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotConversationStart"];
        };
      };
      responses: {
        /** @description The conversation */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotConversationStarted"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/conversations/{id}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A conversation's messages, oldest first (visitor token) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The messages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotPublicMessages"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Send a visitor's message and stream the bot's answer (visitor token)
     * @description The answer streams as Server-Sent Events in the threads' format (decision 018, the AI SDK's UI message stream): `start` with `messageMetadata: { conversationId, userMessageId, assistantMessageId, status, fallback, error }`, `text-start`, `text-delta`s, `text-end`, `error` when it failed, `data-card` (`data`: a BotPublicCard) for each message card the model showed, `finish` with the final metadata, then `[DONE]`. Without a chat model the answer is the bot's fallback message (`fallback: true`). A repeated `clientMessageId` replays the stored answer, or is 409 ANSWER_IN_PROGRESS. 413 MESSAGE_TOO_LONG over the bot's `maxMessageLength`; 429 RATE_LIMITED with Retry-After per visitor, per address and per bot (a day). An `identity` is verified as when starting; 403 IDENTITY_INVALID for a forged one or another user than the conversation's (an anonymous conversation takes a verified user on).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotVisitorMessage"];
        };
      };
      responses: {
        /** @description The answer (UI message stream v1) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "text/event-stream": string;
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/conversations/{id}/feedback": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rate an answer (visitor token)
     * @description A null rating takes the rating back. 404 for a message that is not an answer of the conversation.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotAnswerFeedback"];
        };
      };
      responses: {
        /** @description Rated */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/conversations/{id}/cards/{cardId}/click": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Count a click on a message card's button (visitor token)
     * @description Counts once a conversation and card (a repeat is 204 and not counted); 404 for a card the conversation was not shown. A card's view is counted when an answer shows it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          id: string;
          cardId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Counted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/conversations/{id}/lead": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the bot's lead form (visitor token)
     * @description Checked against the bot's form (the config's `leadForm`): 422 VALIDATION_FAILED with each field's code (REQUIRED, TOO_LONG, INVALID_FORMAT, INVALID_TYPE, INVALID_VALUE, UNKNOWN_FIELD for a field the form does not ask for, CONSENT_REQUIRED on `consent`). One lead a conversation: 201 when it is made, 200 when a second submit changes it. 409 LEAD_FORM_DISABLED for a bot that takes no leads; 429 RATE_LIMITED with Retry-After per visitor and per address.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["BotLeadSubmission"];
        };
      };
      responses: {
        /** @description The lead was changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": {
              id: string;
            };
          };
        };
        /** @description The lead was made */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotLeadSent"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/avatar": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A bot's avatar (no authentication)
     * @description The library item's WebP thumbnail, for any site's <img> (`Cross-Origin-Resource-Policy: cross-origin`). 404 for a bot that is not live, or no image.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The image */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "image/webp": string;
          };
        };
        /** @description Not modified (If-None-Match) */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/public/bots/{publicId}/cards/{cardId}/image": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A message card's image (no authentication)
     * @description The library item's WebP thumbnail, for any site's <img> (`Cross-Origin-Resource-Policy: cross-origin`). 404 for a bot that is not live, or no image.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          publicId: string;
          cardId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The image */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "image/webp": string;
          };
        };
        /** @description Not modified (If-None-Match) */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bots/{id}/preview-token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A short-lived token to talk to a bot that is not live (bots.read)
     * @description Sent as `previewToken` with POST /public/bots/{publicId}/conversations; valid one hour.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The token */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["BotPreviewToken"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not allowed */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user, with the permissions in their current organization */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The current user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentUser"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /**
     * Change the signed-in user's profile and avatar
     * @description Only the fields sent change. The email and phone change only through POST /user/address-change: a different value here is 422 ADDRESS_CHANGE_REQUIRED, the same one is ignored. 422 INVALID_IMAGE or IMAGE_TOO_LARGE_DIMENSIONS for an avatar that is not a PNG, JPEG or WebP image or is over 4096 pixels on a side; 413 PAYLOAD_TOO_LARGE for an avatar over 5 MB.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "multipart/form-data": components["schemas"]["ProfileUpdate"];
        };
      };
      responses: {
        /** @description The current user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentUser"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Avatar larger than 5 MB, or request body larger than 5 MB + 64 KiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/address-change": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The change of email or phone waiting for its key
     * @description 404 NOT_FOUND when no change waits, or its key has expired.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The change waiting for its key */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PendingAddressChange"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    /**
     * Start changing (or verifying) the email or phone, with the current password
     * @description 422 INVALID_PASSWORD for a wrong current password (ten tries in 15 minutes, counted with password changes, then 429). A new address changes nothing yet: a 6-digit key, valid for 10 minutes, goes to it (202), and POST /user/address-change/verify completes the change. The account's own unproven address is verified the same way; 422 ADDRESS_UNCHANGED for a proven one. 409 EMAIL_TAKEN or PHONE_TAKEN when another account uses it. An empty value removes the address at once (200), unless it is the account's only one (422 REQUIRED). The former address is told of every change. 503 MAIL_QUEUE_FULL, with Retry-After, while too much mail waits to be sent; nothing was sent.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AddressChangeRequest"];
        };
      };
      responses: {
        /** @description The current user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentUser"];
          };
        };
        /** @description The key is on its way to the new address */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["PendingAddressChange"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Service unavailable */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    /** Drop the change waiting for its key */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description No change waits any more */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/user/address-change/verify": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Complete the waiting change with the key sent to the new address
     * @description 422 INVALID_KEY for a wrong key; 422 KEY_EXPIRED when no change waits or its key expired or was used. Wrong keys count per address and recipient (five in 15 minutes) and per recipient (twenty). 409 when another account took the address meanwhile. 429 TOO_MANY_REQUESTS, with Retry-After, when an address or an account has made too many attempts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": components["schemas"]["AddressChangeConfirmation"];
        };
      };
      responses: {
        /** @description The current user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["CurrentUser"];
          };
        };
        /** @description Malformed request (for example, invalid JSON) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Missing, invalid, expired or revoked credentials */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Conflict */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Request body larger than 1 MiB */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unsupported content type */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Validation failed; `fields` names the invalid fields */
        422: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Too many requests */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/files/{folder}/{name}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A stored file, such as an avatar
     * @description Public and immutable: names are random and never reused, so the URL is the only secret.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          folder: string;
          name: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The file */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "image/webp": string;
            "image/png": string;
            "image/jpeg": string;
          };
        };
        /** @description Not found */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
        /** @description Unexpected error */
        500: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            "application/json": components["schemas"]["Error"];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Health: {
      /** @enum {string} */
      status: "ok" | "error";
      /** @enum {string} */
      database: "ok" | "error";
      /** @description Whether the database keeps vectors (pgvector): without, a bot's knowledge is searched by full text alone */
      vectors: boolean;
    };
    SignedIn: {
      /** @description Opaque session token; send as `Bearer <token>` */
      token: string;
      user: components["schemas"]["CurrentUser"];
    };
    CurrentUser: {
      /** Format: uuid */
      id: string;
      firstName: string;
      lastName: string;
      email: string | null;
      /** @description E.164, for example +966501234567 */
      phone: string | null;
      avatarUrl: string | null;
      /** @enum {string} */
      locale: "en" | "ar";
      verified: boolean;
      /** @description A key sent to the email address proved it (accepting invitations needs it). */
      emailVerified: boolean;
      /** @description A key sent to the phone number proved it. */
      phoneVerified: boolean;
      account: {
        /** Format: uuid */
        currentOrganizationId: string | null;
        currentOrganizationPermissions: (
          | "organization.read"
          | "organization.manage"
          | "organization.delete"
          | "organization.transfer"
          | "members.read"
          | "members.manage"
          | "ai.manage"
          | "ai.quotas"
          | "clients.read"
          | "clients.write"
          | "projects.read"
          | "projects.write"
          | "documents.read"
          | "documents.write"
          | "workspaces.read"
          | "workspaces.write"
          | "threads.read"
          | "threads.write"
          | "characters.read"
          | "characters.write"
          | "media.read"
          | "media.create"
          | "media.write"
          | "bots.read"
          | "bots.manage"
          | "leads.read"
          | "leads.manage"
        )[];
      };
    };
    Error: {
      error: {
        /** @example VALIDATION_FAILED */
        code: string;
        message: string;
        /** @description Per-field messages, keyed by the dotted field path. */
        fields?: {
          [key: string]: string;
        };
        /**
         * @description Present whenever `fields` is, with the same keys: one SCREAMING_SNAKE_CASE code per field, to translate by. Either REQUIRED, TOO_SHORT, TOO_LONG, TOO_SMALL, TOO_BIG, INVALID_FORMAT, INVALID_VALUE, INVALID_TYPE, INVALID_CHARACTERS, CONFLICTING_FIELDS, INVALID, or the code of the domain rule the field breaks (EMAIL_TAKEN, INVALID_KEY, CONFIRMATION_MISMATCH…).
         * @example {
         *       "email": "INVALID_FORMAT",
         *       "password": "TOO_SHORT"
         *     }
         */
        fieldCodes?: {
          [key: string]: string;
        };
        /** @description What some errors carry besides: a document's 409 STALE_VERSION has the document as it is now in `current`, so that neither text is lost. */
        details?: {
          [key: string]: unknown;
        };
      };
    };
    LoginRequest: {
      /**
       * @description Email address (any case) or phone number, depending on loginType
       * @example demo@qalam.local
       */
      value: string;
      password: string;
      /**
       * @description Which login the value is: an email address or a phone number
       * @default EMAIL
       * @enum {string}
       */
      loginType?: "EMAIL" | "PHONE";
    };
    EmailLoginRequest: {
      /**
       * @description Email address (any case) or phone number, depending on loginType
       * @example demo@qalam.local
       */
      value: string;
      password: string;
    };
    PhoneLoginRequest: {
      /**
       * @description Phone number in international form (+966 50 123 4567 or 00966…)
       * @example +966501234567
       */
      value: string;
      password: string;
    };
    Registered: {
      user: components["schemas"]["CurrentUser"];
    };
    /**
     * @description Flattened fields: nested objects use dotted keys and lists index brackets. Known keys: firstName, lastName, email, phone, password, loginType (EMAIL | PHONE, default EMAIL; it decides whether email or phone is required), locale (en | ar, default en) and organization.name (the user's first organization). Keys naming __proto__, constructor or prototype are refused; unknown keys are ignored.
     * @example {
     *       "firstName": "Layla",
     *       "lastName": "Haddad",
     *       "email": "layla@example.com",
     *       "password": "a long and rare passphrase",
     *       "loginType": "EMAIL",
     *       "locale": "ar",
     *       "organization.name": "Haddad Studio"
     *     }
     */
    RegistrationRequest: {
      [key: string]: string | number | boolean | null;
    };
    TokenResponse: {
      /** @description Opaque token for the next step */
      token: string;
    };
    VerificationKeyRequest: {
      /** @example layla@example.com */
      loginValue: string;
      /**
       * @description Which login the value is: an email address or a phone number
       * @enum {string}
       */
      loginType: "EMAIL" | "PHONE";
    };
    VerificationKeyCheck: {
      /** @example oXQ4pX0cKx… */
      token: string;
      /** @example 042917 */
      key: string;
      /**
       * @description Which login the value is: an email address or a phone number
       * @enum {string}
       */
      loginType: "EMAIL" | "PHONE";
    };
    EmailExistsResponse: {
      exists: boolean;
    };
    EmailExistsRequest: {
      /**
       * Format: email
       * @example someone@example.com
       */
      value: string;
    };
    Accepted: {
      /** @enum {boolean} */
      accepted: true;
    };
    PasswordResetRequest: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
      /** @enum {string} */
      resetType: "KEY";
    };
    PasswordResetKeyCheck: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
      /** @example 042917 */
      key: string;
    };
    PasswordReset: {
      /** @example oXQ4pX0cKx… */
      token: string;
      /**
       * @description 8 to 128 characters; the 10,000 most common passwords are refused (422 PASSWORD_TOO_COMMON).
       * @example correct horse battery staple
       */
      newPassword: string;
      /**
       * @description Which login the value is: an email address or a phone number
       * @enum {string}
       */
      loginType: "EMAIL" | "PHONE";
    };
    PasswordChange: {
      currentPassword: string;
      /**
       * @description 8 to 128 characters; the 10,000 most common passwords are refused (422 PASSWORD_TOO_COMMON).
       * @example correct horse battery staple
       */
      newPassword: string;
    };
    SessionList: {
      items: components["schemas"]["Session"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Session: {
      /** Format: uuid */
      id: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastUsedAt: string;
      /** Format: date-time */
      expiresAt: string;
      userAgent: string | null;
      ip: string | null;
      /** @description The session of this request's token */
      current: boolean;
    };
    SessionsRevoked: {
      revoked: number;
    };
    SocketTicket: {
      /** @example st_3q2-7wEvhDzJ0Xk1q9P4mJb0N6sXw1s2fYHc0aGdK4s */
      ticket: string;
      /** Format: date-time */
      expiresAt: string;
    };
    OrganizationList: {
      items: components["schemas"]["Organization"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Organization: {
      /** Format: uuid */
      id: string;
      name: string;
      logoUrl: string | null;
      /**
       * @description ISO 3166 alpha-2: the country of the phone numbers members type without a country code
       * @example SA
       */
      defaultCountry: string | null;
      /** Format: uuid */
      ownerId: string;
      memberCount: number;
      /**
       * @description The signed-in user's role in it
       * @enum {string}
       */
      role: "owner" | "admin" | "member" | "viewer";
      /** @description What that role may do */
      permissions: (
        | "organization.read"
        | "organization.manage"
        | "organization.delete"
        | "organization.transfer"
        | "members.read"
        | "members.manage"
        | "ai.manage"
        | "ai.quotas"
        | "clients.read"
        | "clients.write"
        | "projects.read"
        | "projects.write"
        | "documents.read"
        | "documents.write"
        | "workspaces.read"
        | "workspaces.write"
        | "threads.read"
        | "threads.write"
        | "characters.read"
        | "characters.write"
        | "media.read"
        | "media.create"
        | "media.write"
        | "bots.read"
        | "bots.manage"
        | "leads.read"
        | "leads.manage"
      )[];
      /** @description Whether it is the user's current organization */
      current: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    OrganizationCreate: {
      /** @example Nadia's Studio */
      name: string;
    };
    OrganizationUpdate: {
      /** @example Nadia's Studio */
      name?: string;
      /** @example SA */
      defaultCountry?: string;
      /** @enum {string} */
      removeLogo?: "true" | "false";
      /** Format: binary */
      logo?: string;
    };
    OwnershipTransfer: {
      /** Format: uuid */
      userId: string;
      password: string;
    };
    OrganizationSwitch: {
      /** Format: uuid */
      organizationId: string;
    };
    MemberList: {
      items: components["schemas"]["Member"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Member: {
      /** Format: uuid */
      userId: string;
      firstName: string;
      lastName: string;
      email: string | null;
      avatarUrl: string | null;
      /** @enum {string} */
      role: "owner" | "admin" | "member" | "viewer";
      /** Format: date-time */
      joinedAt: string;
    };
    MemberRoleChange: {
      /** @enum {string} */
      role: "admin" | "member" | "viewer";
    };
    InvitationList: {
      items: components["schemas"]["Invitation"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Invitation: {
      /** Format: uuid */
      id: string;
      email: string;
      /** @enum {string} */
      role: "admin" | "member" | "viewer";
      /** @enum {string} */
      status: "pending" | "expired" | "revoked" | "accepted";
      /** Format: date-time */
      sentAt: string;
      /** Format: date-time */
      expiresAt: string;
    };
    InvitationCreate: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
      /** @enum {string} */
      role: "admin" | "member" | "viewer";
    };
    InvitationDetails: components["schemas"]["Invitation"] & {
      /** Format: uuid */
      organizationId: string;
      organizationName: string;
      inviterName: string | null;
    };
    InvitationAccepted: {
      /** Format: uuid */
      organizationId: string;
    };
    InvitationAccept: {
      /** @example oXQ4pX0cKx… */
      token: string;
    };
    WorkspaceList: {
      items: components["schemas"]["Workspace"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Workspace: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string;
      /** @enum {string} */
      color: "indigo" | "sky" | "teal" | "emerald" | "amber" | "orange" | "rose" | "violet";
      memberCount: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    WorkspaceDetails: components["schemas"]["Workspace"] & {
      members: {
        /** Format: uuid */
        userId: string;
        firstName: string;
        lastName: string;
        email: string | null;
        avatarUrl: string | null;
        /**
         * @description Their role in the organization
         * @enum {string}
         */
        role: "owner" | "admin" | "member" | "viewer";
      }[];
    };
    WorkspaceCreate: {
      /** @example Ramadan campaign */
      name: string;
      description?: string;
      /** @enum {string} */
      color: "indigo" | "sky" | "teal" | "emerald" | "amber" | "orange" | "rose" | "violet";
    };
    WorkspaceUpdate: {
      /** @example Ramadan campaign */
      name?: string;
      description?: string;
      /** @enum {string} */
      color?: "indigo" | "sky" | "teal" | "emerald" | "amber" | "orange" | "rose" | "violet";
    };
    AiCapabilityList: {
      items: components["schemas"]["AiCapabilityStatus"][];
    };
    AiCapabilityStatus: {
      capability: components["schemas"]["AiCapability"];
      /**
       * @description Where the model comes from: the organization's own, the deployment's, or one that runs on the server (embedded: the offline voice); null when none is set up
       * @enum {string|null}
       */
      source: "organization" | "environment" | "embedded" | null;
      /** @enum {string|null} */
      provider: "openai" | "openai-compatible" | "elevenlabs" | "fal" | "replicate" | null;
      model: string | null;
      /** @description The models a thread, a character or a generation may name: the deployment's list (AI_<CAPABILITY>_MODELS); empty on the organization's own provider, which takes any */
      models: string[];
      /** @description What the provider takes; an empty list means free text */
      offers: {
        voices: string[];
        sizes: string[];
        durations: number[];
      };
      /** @description The organization's own settings, shown to ai.manage only */
      own: {
        provider: components["schemas"]["AiProvider"];
        baseUrl: string | null;
        model: string;
        /** @description The key's last four characters at most; never the key */
        keyHint: string | null;
      } | null;
    };
    /** @enum {string} */
    AiCapability: "chat" | "embedding" | "image" | "speech" | "transcription" | "video" | "rerank";
    /** @enum {string} */
    AiProvider: "openai" | "openai-compatible" | "elevenlabs" | "fal" | "replicate";
    AiModelSettings: {
      provider: components["schemas"]["AiProvider"];
      baseUrl?: string;
      /** @example gpt-4.1-mini */
      model: string;
      apiKey?: string;
    };
    AiModelTest: {
      ok: boolean;
      latencyMs?: number;
      error?: {
        code: string;
        detail?: string;
        providerStatus?: number;
        retryAfterSeconds?: number;
      };
    };
    AiModelChoices: {
      models: string[];
      voices: string[];
    };
    AiUsage: {
      /** @example 2026-11 */
      month: string;
      capabilities: {
        capability: components["schemas"]["AiCapability"];
        /** @enum {string} */
        unit: "tokens" | "images" | "characters" | "seconds";
        used: number;
        calls: number;
        failures: number;
        /** @description The monthly limit; null: none */
        limit: number | null;
        /** @enum {string|null} */
        limitSource: "organization" | "environment" | null;
      }[];
      members: {
        /** Format: uuid */
        userId: string;
        firstName: string;
        lastName: string;
        capability: components["schemas"]["AiCapability"];
        used: number;
        calls: number;
      }[];
    };
    AiQuota: {
      monthlyLimit: number | null;
    };
    Dashboard: {
      range: 7 | 30 | 90;
      /**
       * @description The period's first day (UTC)
       * @example 2026-11-21
       */
      from: string;
      /**
       * @description Today (UTC)
       * @example 2026-11-27
       */
      to: string;
      metrics: {
        /** @enum {string} */
        metric:
          | "media.image"
          | "media.audio"
          | "media.video"
          | "threads"
          | "messages"
          | "documents"
          | "clients"
          | "projects"
          | "characters"
          | "bot.conversations";
        /** @description Made in the period */
        total: number;
        /** @description Made in the period before, as long */
        previous: number;
        /** @description One count a day, oldest first */
        days: number[];
      }[];
      activity: {
        id: number;
        /** @example client.created */
        type: string;
        subject: {
          /** @example client */
          kind: string;
          id: string;
          /** @description The record's title now; null when it is gone or not the actor's to read */
          title: string | null;
        };
        /** Format: uuid */
        actorId: string | null;
        actorName: string | null;
        /** Format: date-time */
        at: string;
      }[];
      usage: {
        /** @example 2026-11 */
        month: string;
        capabilities: {
          capability: components["schemas"]["AiCapability"];
          /** @enum {string} */
          unit: "tokens" | "images" | "characters" | "seconds";
          used: number;
          calls: number;
          failures: number;
          /** @description The monthly limit; null: none */
          limit: number | null;
          /** @enum {string|null} */
          limitSource: "organization" | "environment" | null;
        }[];
        /** @description By member, for ai.manage; null for the others */
        members:
          | {
              /** Format: uuid */
              userId: string;
              firstName: string;
              lastName: string;
              capability: components["schemas"]["AiCapability"];
              used: number;
              calls: number;
            }[]
          | null;
      };
      checklist: {
        dismissed: boolean;
        steps: {
          /** @enum {string} */
          step: "aiProvider" | "teammate" | "image" | "thread" | "bot" | "knowledge" | "embed";
          done: boolean;
        }[];
      };
    };
    ChecklistDismissal: {
      dismissed: boolean;
    };
    JobList: {
      items: components["schemas"]["Job"][];
      total: number;
      page: number;
      pageSize: number;
    };
    Job: {
      /** Format: uuid */
      id: string;
      /** @description What the work is, e.g. a kind of generation */
      kind: string;
      /** @enum {string|null} */
      capability:
        | "chat"
        | "embedding"
        | "image"
        | "speech"
        | "transcription"
        | "video"
        | "rerank"
        | null;
      /** @enum {string} */
      status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
      progress: number;
      /** @description What it was asked to do, as its kind takes it; null where the caller may not see it (another member's run of a recipe the caller may not read) */
      input?: unknown;
      /** @description What it made, once it has succeeded */
      result?: unknown;
      /** @description Why it failed, or, while it waits for another try, why the last one did not succeed */
      error: {
        code: string;
        message: string;
      } | null;
      /** @description Tries started so far */
      attempts: number;
      user: {
        /** Format: uuid */
        id: string;
        name: string | null;
      } | null;
      canCancel: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      startedAt: string | null;
      /** Format: date-time */
      finishedAt: string | null;
    };
    ClientList: {
      items: components["schemas"]["Client"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    Client: {
      /** Format: uuid */
      id: string;
      name: string;
      /** @enum {string} */
      kind: "company" | "person";
      contactName: string;
      email: string | null;
      /** @description E.164 */
      phone: string | null;
      website: string | null;
      address: string;
      tags: string[];
      notes: string;
      /** @enum {string} */
      status: "lead" | "active" | "inactive";
      owner: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      workspace: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      /**
       * @description Where GET /files serves the logo (PUT /clients/{id}/logo), a WebP
       * @example /api/v1/files/avatars/0b0c5a53-8f43-4c4e-9a55-2e4f0d1c3b7a.webp
       */
      logoUrl: string | null;
      /** @description Send it back with a change (409 STALE_VERSION) */
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * Format: date-time
       * @description Set while deleted; restorable for 30 days
       */
      deletedAt: string | null;
      /** @description With a search: where it matched */
      highlights?: {
        name: components["schemas"]["TextSegments"];
        notes: components["schemas"]["TextSegments"];
      };
    };
    /** @description The text in pieces, those matching the search marked */
    TextSegments:
      | {
          text: string;
          match: boolean;
        }[]
      | null;
    ClientCreate: {
      /** @example Al Noor School */
      name: string;
      /**
       * @default company
       * @enum {string}
       */
      kind?: "company" | "person";
      /** @default  */
      contactName?: string;
      /** @default null */
      email?: string | null;
      /** @description International (+966 50 123 4567, 00966…) or national in the organization's default country (0501234567); stored in E.164. 422 INVALID_FORMAT for a number that is not valid. */
      phone?: string;
      /** @default null */
      website?: string | null;
      /** @default  */
      address?: string;
      /** @default [] */
      tags?: string[];
      /** @default  */
      notes?: string;
      /**
       * @default lead
       * @enum {string}
       */
      status?: "lead" | "active" | "inactive";
      /**
       * Format: uuid
       * @default null
       */
      ownerId?: string | null;
      /**
       * Format: uuid
       * @default null
       */
      workspaceId?: string | null;
    };
    ClientImportResult: {
      rows: number;
      valid: number;
      imported: number;
      invalid: components["schemas"]["ClientImportRow"][];
      /** @description The first 20 valid rows as they would be added */
      preview: {
        /** @example Al Noor School */
        name: string;
        /**
         * @default company
         * @enum {string}
         */
        kind?: "company" | "person";
        /** @default  */
        contactName?: string;
        /** @default null */
        email?: string | null;
        /** @description International (+966 50 123 4567, 00966…) or national in the organization's default country (0501234567); stored in E.164. 422 INVALID_FORMAT for a number that is not valid. */
        phone?: string;
        /** @default null */
        website?: string | null;
        /** @default  */
        address?: string;
        /** @default [] */
        tags?: string[];
        /** @default  */
        notes?: string;
        /**
         * @default lead
         * @enum {string}
         */
        status?: "lead" | "active" | "inactive";
      }[];
    };
    ClientImportRow: {
      /** @description The row's line in the file (the header is line 1) */
      line: number;
      name: string;
      /** @description Field → code */
      errors: {
        [key: string]: string;
      };
    };
    ClientImport: {
      csv: string;
      /** @default false */
      dryRun?: boolean;
    };
    ClientActivityList: {
      items: components["schemas"]["ClientActivity"][];
      total: number;
      page: number;
      pageSize: number;
    };
    ClientActivity: {
      /** Format: uuid */
      id: string;
      /**
       * @description What happened to the subject: `linked` and `unlinked` are a project or document given to the client or taken to another
       * @enum {string}
       */
      action: "created" | "imported" | "updated" | "linked" | "unlinked" | "deleted" | "restored";
      subject: {
        /** @enum {string} */
        type: "client" | "project" | "document";
        /** Format: uuid */
        id: string;
        /** @description Its name when it happened */
        name: string;
      };
      /**
       * @description For `updated`: the fields changed (`logo`, `budget`, `members` among them)
       * @example [
       *       "status",
       *       "tags"
       *     ]
       */
      fields: string[];
      actor: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      /** Format: date-time */
      createdAt: string;
    };
    ClientUpdate: {
      /** @description The version the change is made on */
      version: number;
      /** @example Al Noor School */
      name?: string;
      /** @enum {string} */
      kind?: "company" | "person";
      contactName?: string;
      email?: string | null;
      /** @description International (+966 50 123 4567, 00966…) or national in the organization's default country (0501234567); stored in E.164. 422 INVALID_FORMAT for a number that is not valid. */
      phone?: string;
      website?: string | null;
      address?: string;
      tags?: string[];
      notes?: string;
      /** @enum {string} */
      status?: "lead" | "active" | "inactive";
      /** Format: uuid */
      ownerId?: string | null;
      /** Format: uuid */
      workspaceId?: string | null;
    };
    ClientLogo: {
      /**
       * Format: binary
       * @description The image
       */
      logo: string;
    };
    ProjectList: {
      items: components["schemas"]["Project"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    Project: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string;
      /** @enum {string} */
      status: "planned" | "active" | "on_hold" | "done" | "cancelled";
      /** Format: date */
      startDate: string | null;
      /** Format: date */
      dueDate: string | null;
      budget: components["schemas"]["Budget"];
      tags: string[];
      client: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      workspace: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      members: {
        /** Format: uuid */
        id: string;
        name: string;
      }[];
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      highlights?: {
        name:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
        description:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
      };
    };
    /** @description In major units (riyals, dollars) of its currency */
    Budget: {
      amount: number;
      currency: string;
    } | null;
    ProjectCreate: {
      /** @example Ramadan campaign */
      name: string;
      /** @default  */
      description?: string;
      /**
       * @default planned
       * @enum {string}
       */
      status?: "planned" | "active" | "on_hold" | "done" | "cancelled";
      /**
       * Format: uuid
       * @default null
       */
      clientId?: string | null;
      /**
       * Format: uuid
       * @default null
       */
      workspaceId?: string | null;
      /**
       * Format: date
       * @default null
       */
      startDate?: string | null;
      /**
       * Format: date
       * @default null
       */
      dueDate?: string | null;
      budget?: components["schemas"]["Budget"];
      /** @default [] */
      tags?: string[];
      /** @default [] */
      memberIds?: string[];
    };
    ProjectUpdate: {
      version: number;
      /** @example Ramadan campaign */
      name?: string;
      description?: string;
      /** @enum {string} */
      status?: "planned" | "active" | "on_hold" | "done" | "cancelled";
      /** Format: uuid */
      clientId?: string | null;
      /** Format: uuid */
      workspaceId?: string | null;
      /** Format: date */
      startDate?: string | null;
      /** Format: date */
      dueDate?: string | null;
      budget?: components["schemas"]["Budget"];
      tags?: string[];
      memberIds?: string[];
    };
    DocumentList: {
      items: components["schemas"]["DocumentSummary"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    DocumentSummary: {
      /** Format: uuid */
      id: string;
      title: string;
      /** @description The start of the text, at most 200 characters */
      excerpt: string;
      client: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      project: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      workspace: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      /** @description Who saved it last */
      updatedBy: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      highlights?: {
        title:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
        text:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
      };
    };
    Document: {
      /** Format: uuid */
      id: string;
      title: string;
      /** @description The start of the text, at most 200 characters */
      excerpt: string;
      client: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      project: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      workspace: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      /** @description Who saved it last */
      updatedBy: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      /** @description HTML of the editor's tags only (paragraphs, headings, lists, task lists, tables, links, images, code, quotes), each block with dir=auto */
      content: string;
      createdBy: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
    };
    DocumentCreate: {
      /** @example Campaign brief */
      title: string;
      /** @default  */
      content?: string;
      /** @description The text as Markdown instead of `content` (forms without the editor) */
      markdown?: string;
      /**
       * Format: uuid
       * @default null
       */
      clientId?: string | null;
      /**
       * Format: uuid
       * @default null
       */
      projectId?: string | null;
      /**
       * Format: uuid
       * @default null
       */
      workspaceId?: string | null;
    };
    DocumentImport: {
      /**
       * Format: binary
       * @description The .md or .docx file
       */
      file: string;
      /** Format: uuid */
      clientId?: string;
      /** Format: uuid */
      projectId?: string;
    };
    DocumentImageStored: {
      url: string;
    };
    DocumentImage: {
      /**
       * Format: binary
       * @description The image
       */
      image: string;
    };
    DocumentUpdate: {
      version: number;
      /** @example Campaign brief */
      title?: string;
      content?: string;
      /** @description The text as Markdown instead of `content` (forms without the editor) */
      markdown?: string;
      /** Format: uuid */
      clientId?: string | null;
      /** Format: uuid */
      projectId?: string | null;
      /** Format: uuid */
      workspaceId?: string | null;
    };
    DocumentVersionList: {
      items: components["schemas"]["DocumentVersionSummary"][];
      total: number;
      page: number;
      pageSize: number;
    };
    DocumentVersionSummary: {
      /** Format: uuid */
      id: string;
      /**
       * @description auto: kept while editing; manual: saved on request, with a name; restore: the text a restore replaced
       * @enum {string}
       */
      kind: "auto" | "manual" | "restore";
      name: string;
      title: string;
      /** @description The document's version it was taken of */
      documentVersion: number;
      author: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      characters: number;
      /** Format: date-time */
      createdAt: string;
    };
    DocumentVersionCreate: {
      /** @default  */
      name?: string;
    };
    DocumentVersion: components["schemas"]["DocumentVersionSummary"] & {
      content: string;
      text: string;
      /** @description With `compare=current`: what changed from this version's words to the document's now (by word; by line for texts too far apart) */
      changes?: components["schemas"]["DocumentChange"][];
    };
    DocumentChange: {
      text: string;
      /** @enum {string} */
      change: "same" | "added" | "removed";
    };
    DocumentVersionRestore: {
      version?: number;
    };
    ThreadList: {
      items: components["schemas"]["ThreadSummary"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    ThreadSummary: {
      /** @description Digits only in a path */
      id: number;
      /** @description Empty until the first complete answer gives the thread one */
      title: string;
      /**
       * @description private: its author's alone; organization: members with threads.read read it (only its author writes in it)
       * @enum {string}
       */
      visibility: "private" | "organization";
      /** @description The author's pin */
      pinned: boolean;
      archived: boolean;
      /** @description A model of the organization's chat provider in place of its model; null: its model */
      model: string | null;
      author: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /** @description The caller wrote it, and so may write in it */
      mine: boolean;
      /** @description The character it was started with (POST /characters/{id}/chat) */
      character: {
        /** Format: uuid */
        id: string;
        name: string;
        avatarUrl: string | null;
      } | null;
      /** Format: date-time */
      lastActivityAt: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      highlights?: {
        title:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
        /** @description Where the newest matching message matched, around the match */
        message:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
      };
    };
    Thread: {
      /** @description Digits only in a path */
      id: number;
      /** @description Empty until the first complete answer gives the thread one */
      title: string;
      /**
       * @description private: its author's alone; organization: members with threads.read read it (only its author writes in it)
       * @enum {string}
       */
      visibility: "private" | "organization";
      /** @description The author's pin */
      pinned: boolean;
      archived: boolean;
      /** @description A model of the organization's chat provider in place of its model; null: its model */
      model: string | null;
      author: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /** @description The caller wrote it, and so may write in it */
      mine: boolean;
      /** @description The character it was started with (POST /characters/{id}/chat) */
      character: {
        /** Format: uuid */
        id: string;
        name: string;
        avatarUrl: string | null;
      } | null;
      /** Format: date-time */
      lastActivityAt: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      temperature: number | null;
      systemPrompt: string;
      /** @description The last message of the branch shown */
      currentMessageId: number | null;
      /** @description What the model reads besides the messages, in the order of attachment */
      attachments: components["schemas"]["ThreadAttachment"][];
      /** @description The current branch, oldest first */
      messages: components["schemas"]["ThreadMessage"][];
    };
    ThreadAttachment: {
      /** @description Digits only in a path */
      id: number;
      /**
       * @description document: a document of the organization, read as it is at each answer; file: an uploaded file whose text was taken out on upload
       * @enum {string}
       */
      kind: "document" | "file";
      /** @description The file's name, or the document's title */
      name: string;
      /** Format: uuid */
      documentId: string | null;
      /**
       * @description A file's type, as its content showed it; null for a document
       * @example application/pdf
       */
      mediaType: string | null;
      /** @description A file's size in bytes */
      size: number | null;
      /** @description The length of its text as the next answer would read it */
      characters: number;
      /** @description false: its document was deleted, and it is left out of the context */
      available: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    ThreadMessage: {
      id: number;
      /** @description The message it follows */
      parentId: number | null;
      /** @enum {string} */
      role: "user" | "assistant";
      content: string;
      /**
       * @description complete; streaming while the model writes it; stopped: the reader went away or stopped it, the text so far kept; failed: see `error`
       * @enum {string}
       */
      status: "complete" | "streaming" | "stopped" | "failed";
      error: {
        /**
         * @description An AI error code (docs/ai.md) or QUOTA_EXCEEDED
         * @example AI_PROVIDER_QUOTA
         */
        code: string;
        /** @description The provider's words, or a plain message */
        message: string;
      } | null;
      /** @description The model that answered */
      model: string | null;
      /** @description Earlier messages left out of the model's context for this answer */
      contextOmitted: number;
      /** @description What the model read of each attachment for this answer, in the order of attachment: `included` < `total` was cut at its end, 0 left out (docs/threads.md) */
      contextAttachments: components["schemas"]["ThreadContextAttachment"][];
      /** @description An answer's tokens, when the provider said */
      usage: {
        inputTokens: number | null;
        outputTokens: number | null;
      } | null;
      /** @description An answer's rating by the thread's author; null for a question */
      feedback: {
        /** @enum {string|null} */
        rating: "up" | "down" | null;
        note: string;
      } | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description Messages of the same role after the same message (edits of a question, answers written again), oldest first, itself among them */
      variants: {
        /** @description Its place among its variants, from 0 */
        index: number;
        count: number;
        ids: number[];
      };
    };
    ThreadContextAttachment: {
      attachmentId: number;
      /** @description Its name when the answer was written */
      name: string;
      /** @description Characters of its text the model read */
      included: number;
      /** @description Characters of its text then (0: a document that was deleted) */
      total: number;
    };
    ThreadCreate: {
      /**
       * @description Empty: made after the first complete answer
       * @default
       * @example Campaign ideas
       */
      title?: string;
      /**
       * @default private
       * @enum {string}
       */
      visibility?: "private" | "organization";
      /**
       * @default null
       * @example gpt-4o-mini
       */
      model?: string | null;
      /** @default null */
      temperature?: number | null;
      /** @default  */
      systemPrompt?: string;
    };
    ThreadUpdate: {
      /**
       * @description Empty: made after the first complete answer
       * @example Campaign ideas
       */
      title?: string;
      /** @enum {string} */
      visibility?: "private" | "organization";
      /** @example gpt-4o-mini */
      model?: string | null;
      temperature?: number | null;
      systemPrompt?: string;
      pinned?: boolean;
      archived?: boolean;
      /** @description Shows the branch through this message (a variant of an answer or of a question), down to its newest message */
      currentMessageId?: number;
    };
    ThreadMessageCreate: {
      content: string;
      /** @description The message it follows: left out, the current branch's last message; another message to branch from an earlier point (an edited question is a sibling of the question, after the same message); null, the thread's start */
      parentId?: number | null;
    };
    NewThreadMessage: {
      content: string;
    };
    ThreadMessageFeedback: {
      /** @enum {string|null} */
      rating: "up" | "down" | null;
      /** @default  */
      note?: string;
    };
    ThreadExport: {
      thread: {
        /** @description Digits only in a path */
        id: number;
        /** @description Empty until the first complete answer gives the thread one */
        title: string;
        /**
         * @description private: its author's alone; organization: members with threads.read read it (only its author writes in it)
         * @enum {string}
         */
        visibility: "private" | "organization";
        /** @description The author's pin */
        pinned: boolean;
        archived: boolean;
        /** @description A model of the organization's chat provider in place of its model; null: its model */
        model: string | null;
        author: {
          /** Format: uuid */
          id: string;
          name: string;
        };
        /** @description The caller wrote it, and so may write in it */
        mine: boolean;
        /** @description The character it was started with (POST /characters/{id}/chat) */
        character: {
          /** Format: uuid */
          id: string;
          name: string;
          avatarUrl: string | null;
        } | null;
        /** Format: date-time */
        lastActivityAt: string;
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        updatedAt: string;
        /** Format: date-time */
        deletedAt: string | null;
        temperature: number | null;
        systemPrompt: string;
        /** @description The last message of the branch shown */
        currentMessageId: number | null;
        /** @description What the model reads besides the messages, in the order of attachment */
        attachments: components["schemas"]["ThreadAttachment"][];
      };
      messages: components["schemas"]["ThreadMessage"][];
    };
    ThreadAttachmentList: {
      items: components["schemas"]["ThreadAttachment"][];
      total: number;
      page: number;
      pageSize: number;
    };
    ThreadAttachDocument: {
      /**
       * Format: uuid
       * @description A document of the organization that the caller may read (documents.read)
       */
      documentId: string;
    };
    ThreadAttachFile: {
      /**
       * Format: binary
       * @description A .txt, .md, .pdf or .docx file; its name says which, its content must agree
       */
      file: string;
    };
    CharacterList: {
      items: components["schemas"]["Character"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    Character: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string;
      personality: string;
      scenario: string;
      /** @description The greeting a chat starts with (first_mes) */
      firstMessage: string;
      alternateGreetings: string[];
      /** @description Example dialogue (mes_example) */
      exampleMessages: string;
      systemPrompt: string;
      postHistoryInstructions: string;
      tags: string[];
      creator: string;
      creatorNotes: string;
      characterVersion: string;
      /** @description The card's lorebook (character_book), with the spec's own field names */
      characterBook: {
        name?: string;
        description?: string;
        scan_depth?: number;
        token_budget?: number;
        recursive_scanning?: boolean;
        /** @default {} */
        extensions?: {
          [key: string]: unknown;
        };
        entries: {
          keys: string[];
          content: string;
          /** @default {} */
          extensions?: {
            [key: string]: unknown;
          };
          /** @default true */
          enabled?: boolean;
          /** @default 0 */
          insertion_order?: number;
          case_sensitive?: boolean;
          name?: string;
          priority?: number;
          id?: number;
          comment?: string;
          selective?: boolean;
          secondary_keys?: string[];
          constant?: boolean;
          /** @enum {string} */
          position?: "before_char" | "after_char";
        }[];
      } | null;
      /** @description The card's extensions, kept as they came */
      extensions: {
        [key: string]: unknown;
      };
      /** @description A model of the organization's chat provider for the character's chats */
      defaultModel: string | null;
      /** @description A voice of the audio creator */
      defaultVoice: string | null;
      /**
       * @description private: its author's alone; organization: every member with characters.read sees it (only its author changes it; others may clone it)
       * @enum {string}
       */
      visibility: "private" | "organization";
      author: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /** @description The caller wrote it, and may change it */
      mine: boolean;
      avatarUrl: string | null;
      /** @description Send it back with a change (409 STALE_VERSION) */
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * Format: date-time
       * @description Set while deleted; restorable for 30 days
       */
      deletedAt: string | null;
      /** @description With a search: where it matched */
      highlights?: {
        name:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
        description:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
      };
    };
    CharacterCreate: {
      /** @example مرشدة المتحف */
      name: string;
      /** @default  */
      description?: string;
      /** @default  */
      personality?: string;
      /** @default  */
      scenario?: string;
      /** @default  */
      firstMessage?: string;
      /** @default [] */
      alternateGreetings?: string[];
      /** @default  */
      exampleMessages?: string;
      /** @default  */
      systemPrompt?: string;
      /** @default  */
      postHistoryInstructions?: string;
      /** @default [] */
      tags?: string[];
      /** @default  */
      creator?: string;
      /** @default  */
      creatorNotes?: string;
      /** @default  */
      characterVersion?: string;
      /** @default null */
      characterBook?: {
        name?: string;
        description?: string;
        scan_depth?: number;
        token_budget?: number;
        recursive_scanning?: boolean;
        /** @default {} */
        extensions?: {
          [key: string]: unknown;
        };
        entries: {
          keys: string[];
          content: string;
          /** @default {} */
          extensions?: {
            [key: string]: unknown;
          };
          /** @default true */
          enabled?: boolean;
          /** @default 0 */
          insertion_order?: number;
          case_sensitive?: boolean;
          name?: string;
          priority?: number;
          id?: number;
          comment?: string;
          selective?: boolean;
          secondary_keys?: string[];
          constant?: boolean;
          /** @enum {string} */
          position?: "before_char" | "after_char";
        }[];
      } | null;
      /** @default {} */
      extensions?: {
        [key: string]: unknown;
      };
      /** @default null */
      defaultModel?: string | null;
      /** @default null */
      defaultVoice?: string | null;
      /**
       * @default private
       * @enum {string}
       */
      visibility?: "private" | "organization";
    };
    CharacterImport: {
      /**
       * Format: binary
       * @description The card, .json or .png
       */
      file: string;
    };
    CharacterUpdate: {
      /** @example مرشدة المتحف */
      name?: string;
      description?: string;
      personality?: string;
      scenario?: string;
      firstMessage?: string;
      alternateGreetings?: string[];
      exampleMessages?: string;
      systemPrompt?: string;
      postHistoryInstructions?: string;
      tags?: string[];
      creator?: string;
      creatorNotes?: string;
      characterVersion?: string;
      characterBook?: {
        name?: string;
        description?: string;
        scan_depth?: number;
        token_budget?: number;
        recursive_scanning?: boolean;
        /** @default {} */
        extensions?: {
          [key: string]: unknown;
        };
        entries: {
          keys: string[];
          content: string;
          /** @default {} */
          extensions?: {
            [key: string]: unknown;
          };
          /** @default true */
          enabled?: boolean;
          /** @default 0 */
          insertion_order?: number;
          case_sensitive?: boolean;
          name?: string;
          priority?: number;
          id?: number;
          comment?: string;
          selective?: boolean;
          secondary_keys?: string[];
          constant?: boolean;
          /** @enum {string} */
          position?: "before_char" | "after_char";
        }[];
      } | null;
      extensions?: {
        [key: string]: unknown;
      };
      defaultModel?: string | null;
      defaultVoice?: string | null;
      /** @enum {string} */
      visibility?: "private" | "organization";
      /** @description The version the change is made on */
      version: number;
    };
    CharacterClone: {
      /** @description Default: the original's name */
      name?: string;
    };
    CharacterChat: {
      greeting?: number;
      /** @description true: continue the caller's latest chat with it, if any */
      resume?: boolean;
    };
    CharacterAvatar: {
      /**
       * Format: binary
       * @description The image
       */
      avatar: string;
    };
    MediaList: {
      items: components["schemas"]["Media"][];
      /** @description Pass as `cursor` for the next page; null on the last */
      nextCursor: string | null;
    };
    Media: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: "image" | "audio" | "video";
      /**
       * Format: uuid
       * @description Null once the author's account is gone
       */
      authorId: string | null;
      /** Format: uuid */
      projectId: string | null;
      /** Format: uuid */
      clientId: string | null;
      title: string;
      prompt: string;
      /** @description What the generation was asked with: model, size, seed, voice… */
      settings: {
        [key: string]: unknown;
      };
      model: string | null;
      contentType: string;
      byteSize: number;
      width: number | null;
      height: number | null;
      durationSeconds: number | null;
      /** @description GET /media/{id}/thumbnail answers */
      hasThumbnail: boolean;
      favourite: boolean;
      /** Format: uuid */
      jobId: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /**
       * Format: date-time
       * @description Set while deleted; restorable for 30 days
       */
      deletedAt: string | null;
    };
    MediaUpdate: {
      title?: string;
      favourite?: boolean;
      /** Format: uuid */
      projectId?: string | null;
      /** Format: uuid */
      clientId?: string | null;
    };
    MediaZipRequest: {
      ids: string[];
    };
    GenerationJob: {
      job: components["schemas"]["Job"];
    };
    Generation:
      | components["schemas"]["ImageGeneration"]
      | components["schemas"]["SpeechGeneration"]
      | components["schemas"]["VideoGeneration"];
    ImageGeneration: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      kind: "image";
      prompt: string;
      negativePrompt?: string;
      /** @description Another model of the organization's provider */
      model?: string;
      /** @description `WxH`, one the provider takes (GET /generations/options) */
      size?: string;
      /**
       * @description A preset that adds its words to the prompt
       * @enum {string}
       */
      style?: "none" | "photo" | "illustration" | "3d" | "anime" | "watercolor" | "line-art";
      /** @default 1 */
      count?: number;
      seed?: number;
      steps?: number;
      guidance?: number;
      /**
       * Format: uuid
       * @description An image of the library to start from (image-to-image)
       */
      startImageId?: string;
      title?: string;
      /** Format: uuid */
      projectId?: string;
      /** Format: uuid */
      clientId?: string;
    };
    SpeechGeneration: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      kind: "speech";
      /** @description Long text is split at sentences, spoken part by part and joined */
      text: string;
      /** @description A voice of GET /generations/options */
      voice: string;
      /** @description Another model of the organization's provider */
      model?: string;
      /** @default 1 */
      speed?: number;
      /**
       * @default mp3
       * @enum {string}
       */
      format?: "mp3" | "wav" | "ogg";
      language?: string;
      /**
       * Format: uuid
       * @description The character whose voice this is
       */
      characterId?: string;
      title?: string;
      /** Format: uuid */
      projectId?: string;
      /** Format: uuid */
      clientId?: string;
    };
    VideoGeneration: {
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      kind: "video";
      prompt?: string;
      /** Format: uuid */
      startImageId?: string;
      /** @description The slideshow's stills, images of the library */
      imageIds?: string[];
      /** @description Seconds, one the provider takes */
      duration: number;
      /** @description `WxH`, one the provider takes (GET /generations/options) */
      size?: string;
      /** @description Spoken by the organization's speech model */
      narration?: {
        text: string;
        voice?: string;
        speed?: number;
      };
      /** @description Another model of the organization's provider */
      model?: string;
      title?: string;
      /** Format: uuid */
      projectId?: string;
      /** Format: uuid */
      clientId?: string;
    };
    GenerationOptions: {
      image: {
        configured: boolean;
        /** @enum {string|null} */
        source: "organization" | "environment" | "embedded" | null;
        model: string | null;
        /** @description The models `model` may name: the deployment's list (AI_<CAPABILITY>_MODELS); empty on the organization's own provider, which takes any */
        models: string[];
        /**
         * @description Set for a model that runs on the server, to say what it is
         * @enum {string|null}
         */
        label: "offline-voice" | "slideshow" | null;
        /** @description Empty: any `WxH` */
        sizes: string[];
        styles: string[];
        maxCount: number;
        maxPromptLength: number;
        supports: {
          negativePrompt: boolean;
          seed: boolean;
          steps: boolean;
          guidance: boolean;
          startImage: boolean;
        };
      };
      speech: {
        configured: boolean;
        /** @enum {string|null} */
        source: "organization" | "environment" | "embedded" | null;
        model: string | null;
        /** @description The models `model` may name: the deployment's list (AI_<CAPABILITY>_MODELS); empty on the organization's own provider, which takes any */
        models: string[];
        /**
         * @description Set for a model that runs on the server, to say what it is
         * @enum {string|null}
         */
        label: "offline-voice" | "slideshow" | null;
        /** @description The provider's voices (an OpenAI-compatible server's GET /audio/voices), the offline ones, and the characters' default voices */
        voices: {
          id: string;
          /** @enum {string} */
          source: "provider" | "offline" | "character";
          /** Format: uuid */
          characterId?: string;
          characterName?: string;
        }[];
        /** @description Whether a voice the list does not show may be named: the provider takes any */
        anyVoice: boolean;
        formats: ("mp3" | "wav" | "ogg")[];
        maxTextLength: number;
      };
      video: {
        configured: boolean;
        /** @enum {string|null} */
        source: "organization" | "environment" | "embedded" | null;
        model: string | null;
        /** @description The models `model` may name: the deployment's list (AI_<CAPABILITY>_MODELS); empty on the organization's own provider, which takes any */
        models: string[];
        /**
         * @description Set for a model that runs on the server, to say what it is
         * @enum {string|null}
         */
        label: "offline-voice" | "slideshow" | null;
        sizes: string[];
        /** @description Empty: any length */
        durations: number[];
        supports: {
          startImage: boolean;
          stills: boolean;
          narration: boolean;
        };
      };
      /** @description Which programs of the server's own models run here, to say before a generation what a missing one turns off (a video without a voice is silent) */
      embeddedTools: {
        /** @description The offline voice's program */
        espeakNg: boolean;
        /** @description The slideshow's program, which also joins and narrates */
        ffmpeg: boolean;
      };
    };
    RecipeList: {
      items: components["schemas"]["Recipe"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    Recipe: {
      /** Format: uuid */
      id: string;
      name: string;
      /**
       * @description private: its author's alone; organization: every member sees and runs it (only its author changes it)
       * @enum {string}
       */
      visibility: "private" | "organization";
      steps: components["schemas"]["RecipeSteps"];
      author: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /** @description The caller wrote it, and may change it */
      mine: boolean;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    RecipeSteps: {
      image: components["schemas"]["RecipeImageStep"];
      video: components["schemas"]["RecipeVideoStep"];
      narration?: {
        text: string;
        voice?: string;
        speed?: number;
      };
    };
    /** @description An image generation's body without `kind`; the video starts from its first */
    RecipeImageStep: {
      prompt: string;
      negativePrompt?: string;
      /** @description Another model of the organization's provider */
      model?: string;
      /** @description `WxH`, one the provider takes (GET /generations/options) */
      size?: string;
      /**
       * @description A preset that adds its words to the prompt
       * @enum {string}
       */
      style?: "none" | "photo" | "illustration" | "3d" | "anime" | "watercolor" | "line-art";
      /** @default 1 */
      count?: number;
      seed?: number;
      steps?: number;
      guidance?: number;
      /**
       * Format: uuid
       * @description An image of the library to start from (image-to-image)
       */
      startImageId?: string;
      title?: string;
      /** Format: uuid */
      projectId?: string;
      /** Format: uuid */
      clientId?: string;
    };
    RecipeVideoStep: {
      /** @description Seconds, one the provider takes */
      duration: number;
      /** @description `WxH`, one the provider takes (GET /generations/options) */
      size?: string;
      prompt?: string;
    };
    RecipeCreate: {
      /** @example Lighthouse reel */
      name: string;
      /**
       * @default private
       * @enum {string}
       */
      visibility?: "private" | "organization";
      steps: components["schemas"]["RecipeSteps"];
    };
    RecipeUpdate: {
      /** @example Lighthouse reel */
      name?: string;
      /** @enum {string} */
      visibility?: "private" | "organization";
      steps?: components["schemas"]["RecipeSteps"];
    };
    RecipeJob: {
      job: components["schemas"]["Job"];
    };
    BotList: {
      items: components["schemas"]["BotListItem"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    BotListItem: components["schemas"]["Bot"] & {
      /** @description Conversations visitors opened in the last 7 days (previews not counted) */
      conversations7d: number;
    };
    /** @description Per visitor: at most `messages` in `seconds` */
    BotRateLimit: {
      messages: number;
      seconds: number;
    };
    BotAppearance: {
      /** @enum {string} */
      theme: "light" | "dark" | "auto";
      accentColor: string;
      /** @enum {string} */
      font: "system" | "inter" | "ibm-plex-sans-arabic";
      radius: number;
      /** @enum {string} */
      position: "start" | "end";
      /** @enum {string} */
      launcher: "icon" | "avatar";
      headerTitle: string;
      headerSubtitle: string;
      welcomeMessages: string[];
      suggestedPrompts: string[];
      placeholder: string;
      footer: string;
      disclaimer: string;
      customCss: string;
    };
    Bot: {
      /** Format: uuid */
      id: string;
      /** @description Names the bot to the world (the widget's data-bot) */
      publicId: string;
      name: string;
      description: string;
      /** Format: uuid */
      avatarMediaId: string | null;
      /** @enum {string} */
      status: "draft" | "live";
      /** @enum {string} */
      language: "en" | "ar" | "visitor";
      tags: string[];
      workspace: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      project: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      character: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      chatModel: string | null;
      temperature: number;
      /** @enum {string} */
      answerLength: "short" | "medium" | "long";
      instructions: string;
      knowledgeOnly: boolean;
      fallbackMessage: string;
      rateLimit: components["schemas"]["BotRateLimit"];
      dailyMessageCap: number;
      maxMessageLength: number;
      retentionDays: number;
      appearance: components["schemas"]["BotAppearance"];
      allowedDomains: string[];
      identityVerification: {
        enabled: boolean;
        /** Format: date-time */
        rotatedAt: string | null;
      };
      cardCount: number;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
      highlights?: {
        name:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
        description:
          | {
              text: string;
              match: boolean;
            }[]
          | null;
      };
    };
    BotCreate: {
      /** @example Support */
      name: string;
      /** @default  */
      description?: string;
      /**
       * Format: uuid
       * @default null
       */
      avatarMediaId?: string | null;
      /**
       * @default draft
       * @enum {string}
       */
      status?: "draft" | "live";
      /**
       * @default visitor
       * @enum {string}
       */
      language?: "en" | "ar" | "visitor";
      /**
       * Format: uuid
       * @default null
       */
      workspaceId?: string | null;
      /**
       * Format: uuid
       * @default null
       */
      projectId?: string | null;
      /** @default [] */
      tags?: string[];
      /**
       * Format: uuid
       * @default null
       */
      characterId?: string | null;
      /**
       * @description A model of the organization's chat provider; null: its default
       * @default null
       */
      chatModel?: string | null;
      /** @default 0.7 */
      temperature?: number;
      /**
       * @default medium
       * @enum {string}
       */
      answerLength?: "short" | "medium" | "long";
      /** @default  */
      instructions?: string;
      /** @default false */
      knowledgeOnly?: boolean;
      /** @default  */
      fallbackMessage?: string;
      rateLimit?: components["schemas"]["BotRateLimit"];
      /** @default 1000 */
      dailyMessageCap?: number;
      /** @default 2000 */
      maxMessageLength?: number;
      /** @default 90 */
      retentionDays?: number;
      appearance?: components["schemas"]["BotAppearanceInput"];
      /**
       * @description Hosts the widget runs on: example.com, or *.example.com
       * @default []
       */
      allowedDomains?: string[];
    };
    /**
     * @default {
     *       "theme": "auto",
     *       "accentColor": "#4f46e5",
     *       "font": "system",
     *       "radius": 12,
     *       "position": "end",
     *       "launcher": "icon",
     *       "headerTitle": "",
     *       "headerSubtitle": "",
     *       "welcomeMessages": [],
     *       "suggestedPrompts": [],
     *       "placeholder": "",
     *       "footer": "",
     *       "disclaimer": "",
     *       "customCss": ""
     *     }
     */
    BotAppearanceInput: {
      /**
       * @default auto
       * @enum {string}
       */
      theme?: "light" | "dark" | "auto";
      /**
       * @default #4f46e5
       * @example #4f46e5
       */
      accentColor?: string;
      /**
       * @default system
       * @enum {string}
       */
      font?: "system" | "inter" | "ibm-plex-sans-arabic";
      /**
       * @description Corner radius in CSS pixels
       * @default 12
       */
      radius?: number;
      /**
       * @description The bottom's start or end corner (mirrored in Arabic)
       * @default end
       * @enum {string}
       */
      position?: "start" | "end";
      /**
       * @default icon
       * @enum {string}
       */
      launcher?: "icon" | "avatar";
      /** @default  */
      headerTitle?: string;
      /** @default  */
      headerSubtitle?: string;
      /** @default [] */
      welcomeMessages?: string[];
      /** @default [] */
      suggestedPrompts?: string[];
      /** @default  */
      placeholder?: string;
      /** @default  */
      footer?: string;
      /** @default  */
      disclaimer?: string;
      /**
       * @description Applied inside the widget's shadow root only; at most 20000 bytes
       * @default
       */
      customCss?: string;
    };
    BotUpdate: {
      version: number;
      /** @example Support */
      name?: string;
      description?: string;
      /** Format: uuid */
      avatarMediaId?: string | null;
      /** @enum {string} */
      status?: "draft" | "live";
      /** @enum {string} */
      language?: "en" | "ar" | "visitor";
      /** Format: uuid */
      workspaceId?: string | null;
      /** Format: uuid */
      projectId?: string | null;
      tags?: string[];
      /** Format: uuid */
      characterId?: string | null;
      /** @description A model of the organization's chat provider; null: its default */
      chatModel?: string | null;
      temperature?: number;
      /** @enum {string} */
      answerLength?: "short" | "medium" | "long";
      instructions?: string;
      knowledgeOnly?: boolean;
      fallbackMessage?: string;
      rateLimit?: components["schemas"]["BotRateLimit"];
      dailyMessageCap?: number;
      maxMessageLength?: number;
      retentionDays?: number;
      appearance?: components["schemas"]["BotAppearanceChanges"];
      /** @description Hosts the widget runs on: example.com, or *.example.com */
      allowedDomains?: string[];
    };
    /** @description The fields given replace those the bot had */
    BotAppearanceChanges: {
      /** @enum {string} */
      theme?: "light" | "dark" | "auto";
      /** @example #4f46e5 */
      accentColor?: string;
      /** @enum {string} */
      font?: "system" | "inter" | "ibm-plex-sans-arabic";
      /** @description Corner radius in CSS pixels */
      radius?: number;
      /**
       * @description The bottom's start or end corner (mirrored in Arabic)
       * @enum {string}
       */
      position?: "start" | "end";
      /** @enum {string} */
      launcher?: "icon" | "avatar";
      headerTitle?: string;
      headerSubtitle?: string;
      welcomeMessages?: string[];
      suggestedPrompts?: string[];
      placeholder?: string;
      footer?: string;
      disclaimer?: string;
      /** @description Applied inside the widget's shadow root only; at most 20000 bytes */
      customCss?: string;
    };
    /** @description The copy's name; left out: the bot's with (copy) */
    BotDuplicate: {
      /** @example Support */
      name?: string;
    };
    BotSummary: {
      /** @description Visitors' conversations started */
      conversations: {
        /** @description Since midnight UTC */
        today: number;
        /** @description The last 7 days (UTC), today's included */
        week: number;
      };
      /** @description Visitors' messages (not the bot's answers) */
      messages: {
        /** @description Since midnight UTC */
        today: number;
        /** @description The last 7 days (UTC), today's included */
        week: number;
      };
      /** @description The last 5 conversations, the latest first */
      recent: {
        id: string;
        /** @description The visitor's first message, its first 200 characters; null before one */
        firstMessage: string | null;
        language: string;
        /** @description The visitor's and the bot's */
        messageCount: number;
        /** Format: date-time */
        startedAt: string;
        /** Format: date-time */
        lastMessageAt: string;
      }[];
      /** @description The steps of making the bot, each true once done */
      checklist: {
        /** @description The instructions are written */
        instructions: boolean;
        /** @description A knowledge source is added (none can be yet) */
        knowledge: boolean;
        /** @description The appearance differs from a new bot's */
        appearance: boolean;
        /** @description A visitor's conversation came from a site of the allowed domains */
        embedded: boolean;
        /** @description A visitor had a conversation (anywhere) */
        firstConversation: boolean;
      };
    };
    BotSecret: {
      /** @description HMAC-SHA256 key for signing user ids; shown this once, never again */
      secret: string;
      /** Format: date-time */
      rotatedAt: string;
    };
    BotConversationList: {
      items: components["schemas"]["BotConversationSummary"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    BotConversationSummary: {
      id: number;
      language: string;
      preview: boolean;
      /** @description The site it was held on */
      originHost: string | null;
      /** @description A verified visitor's name */
      identityName: string | null;
      identityEmail: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastMessageAt: string;
      /** @description The visitor's messages */
      questions: number;
      /** @description Cut at 200 characters */
      firstQuestion: string | null;
      ratedUp: number;
      ratedDown: number;
      /** @description Questions the knowledge did not cover */
      unanswered: number;
      /**
       * Format: uuid
       * @description The lead the visitor left
       */
      leadId: string | null;
    };
    BotTranscript: {
      conversation: {
        id: number;
        /** Format: uuid */
        botId: string;
        botName: string;
        language: string;
        preview: boolean;
        originHost: string | null;
        identityName: string | null;
        identityEmail: string | null;
        /** Format: date-time */
        createdAt: string;
        /** Format: date-time */
        lastMessageAt: string;
      };
      messages: {
        id: number;
        /** @enum {string} */
        role: "user" | "assistant";
        text: string;
        /** @enum {string} */
        status: "streaming" | "complete" | "stopped" | "failed";
        /** @description The owner's fallback message */
        fallback: boolean;
        unanswered: boolean;
        model: string | null;
        inputTokens: number | null;
        outputTokens: number | null;
        /** @description Time to the first token */
        firstTokenMs: number | null;
        /** @enum {string|null} */
        rating: "up" | "down" | null;
        /** @description The knowledge the answer cites */
        sources: {
          title: string;
          url: string | null;
        }[];
        errorCode: string | null;
        /** Format: date-time */
        createdAt: string;
      }[];
    };
    Webhook: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      botId: string;
      url: string;
      events: (
        | "lead.created"
        | "conversation.started"
        | "conversation.ended"
        | "message.created"
        | "feedback.created"
      )[];
      enabled: boolean;
      /**
       * Format: date-time
       * @description Until when the secret before the last rotation still signs
       */
      previousSecretUntil: string | null;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    WebhookWithSecret: components["schemas"]["Webhook"] & {
      secret: string;
    };
    WebhookCreate: {
      /**
       * Format: uri
       * @example https://crm.example.com/hooks/qalam
       */
      url: string;
      events: (
        | "lead.created"
        | "conversation.started"
        | "conversation.ended"
        | "message.created"
        | "feedback.created"
      )[];
      enabled?: boolean;
    };
    WebhookUpdate: {
      version: number;
      /**
       * Format: uri
       * @example https://crm.example.com/hooks/qalam
       */
      url?: string;
      events?: (
        | "lead.created"
        | "conversation.started"
        | "conversation.ended"
        | "message.created"
        | "feedback.created"
      )[];
      enabled?: boolean;
    };
    WebhookDeliveryList: {
      items: components["schemas"]["WebhookDelivery"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    WebhookDelivery: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      webhookId: string;
      /** @description The `webhook-id` header, the same every try */
      messageId: string;
      /** @enum {string} */
      eventType:
        | "lead.created"
        | "conversation.started"
        | "conversation.ended"
        | "message.created"
        | "feedback.created";
      payload: {
        [key: string]: unknown;
      };
      /** @enum {string} */
      status: "pending" | "delivered" | "failed";
      attempts: number;
      /** @description The receiver's last HTTP status */
      lastStatus: number | null;
      lastError: string | null;
      responseMs: number | null;
      /** Format: date-time */
      lastAttemptAt: string | null;
      /** Format: date-time */
      deliveredAt: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    BotCardList: {
      items: components["schemas"]["BotCard"][];
    };
    BotCard: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      botId: string;
      /** Format: uuid */
      imageMediaId: string | null;
      title: string;
      text: string;
      buttons: {
        /** @enum {string} */
        kind: "reply" | "link" | "lead_form";
        label: string;
        value: string;
      }[];
      whenToShow: string;
      views: number;
      clicks: number;
      position: number;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    BotCardCreate: {
      /**
       * Format: uuid
       * @default null
       */
      imageMediaId?: string | null;
      /** @example Book a visit */
      title: string;
      /** @default  */
      text?: string;
      /** @default [] */
      buttons?: components["schemas"]["BotCardButton"][];
      /**
       * @description When the model should show the card, in words
       * @default
       */
      whenToShow?: string;
      position?: number;
    };
    /** @description `reply` sends `value` as the visitor's message; `link` opens the http(s) address `value`; `lead_form` opens the lead form (`value` unused) */
    BotCardButton: {
      /** @enum {string} */
      kind: "reply" | "link" | "lead_form";
      label: string;
      /** @default  */
      value?: string;
    };
    BotCardUpdate: {
      version: number;
      /** Format: uuid */
      imageMediaId?: string | null;
      /** @example Book a visit */
      title?: string;
      text?: string;
      buttons?: components["schemas"]["BotCardButton"][];
      /** @description When the model should show the card, in words */
      whenToShow?: string;
      position?: number;
    };
    KnowledgeSourcePage: {
      items: components["schemas"]["KnowledgeSource"][];
      total: number;
      page: number;
      pageSize: number;
    };
    KnowledgeSource: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      botId: string;
      /** @enum {string} */
      kind: "text" | "file" | "url" | "sitemap" | "crawl" | "document";
      title: string;
      /** @enum {string} */
      status: "queued" | "processing" | "ready" | "failed";
      /** @description 0 to 1 while it is being read */
      progress: number;
      errorCode: string | null;
      /** @description Why it failed, in English */
      errorMessage: string | null;
      url: string | null;
      /** Format: uuid */
      documentId: string | null;
      fileName: string | null;
      fileType: string | null;
      fileSize: number | null;
      characters: number;
      chunkCount: number;
      chunkSize: number;
      chunkOverlap: number;
      /** Format: date-time */
      syncedAt: string | null;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    KnowledgeSourceCreate:
      | {
          /** @enum {string} */
          kind: "text";
          title: string;
          /** @description Markdown: headings and paragraphs guide the chunks */
          text: string;
          /** @description Characters a chunk holds at most (1000) */
          chunkSize?: number;
          /** @description Characters a long paragraph's pieces repeat of the one before (150) */
          chunkOverlap?: number;
        }
      | {
          /** @enum {string} */
          kind: "document";
          /** Format: uuid */
          documentId: string;
          /** @description Characters a chunk holds at most (1000) */
          chunkSize?: number;
          /** @description Characters a long paragraph's pieces repeat of the one before (150) */
          chunkOverlap?: number;
        }
      | {
          /** @enum {string} */
          kind: "url" | "sitemap";
          /**
           * Format: uri
           * @example https://shop.example/help
           */
          url: string;
          /** @description Its address when left out */
          title?: string;
          /** @description Characters a chunk holds at most (1000) */
          chunkSize?: number;
          /** @description Characters a long paragraph's pieces repeat of the one before (150) */
          chunkOverlap?: number;
        }
      | {
          /** @enum {string} */
          kind: "crawl";
          /**
           * Format: uri
           * @example https://shop.example/help
           */
          url: string;
          /** @description Its address when left out */
          title?: string;
          /** @description Links followed from the first page (2) */
          depth?: number;
          /** @description Pages read at most (50) */
          pageLimit?: number;
          /** @description Paths a page must match, one of them: a prefix (`/help`) or `*` patterns */
          include?: string[];
          /** @description Paths left out, as `include` */
          exclude?: string[];
          /** @description Characters a chunk holds at most (1000) */
          chunkSize?: number;
          /** @description Characters a long paragraph's pieces repeat of the one before (150) */
          chunkOverlap?: number;
        };
    KnowledgeSourceFile: {
      /** @enum {string} */
      kind: "file";
      /**
       * Format: binary
       * @description The file: .txt, .md, .html, .pdf, .docx, .csv, .json; at most 20 MB
       */
      file: string;
      chunkSize?: number;
      chunkOverlap?: number | null;
    };
    KnowledgeSourceWithChunks: components["schemas"]["KnowledgeSource"] & {
      /** @description Its chunks in their order, the first 500 */
      chunks: components["schemas"]["KnowledgeChunk"][];
    };
    KnowledgeChunk: {
      /** Format: uuid */
      id: string;
      position: number;
      /** @description The headings it stands under, joined by › */
      heading: string;
      text: string;
      url: string | null;
    };
    KnowledgeSearchResult: {
      /** @description Whether vectors took part (pgvector installed and an embedding model set up) */
      vectors: boolean;
      /** @description The rerank model that reordered the passages; null without one */
      rerankModel: string | null;
      chunks: {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        sourceId: string;
        sourceTitle: string;
        /** @enum {string} */
        sourceKind: "text" | "file" | "url" | "sitemap" | "crawl" | "document";
        url: string | null;
        fileName: string | null;
        heading: string;
        text: string;
        /** @description Reciprocal rank fusion's score */
        score: number;
        similarity: number | null;
        /** @description The rerank model's score, where one reordered the passages */
        relevance: number | null;
        foundBy: ("text" | "vector")[];
      }[];
      qa: {
        /** Format: uuid */
        id: string;
        question: string;
        answer: string;
        score: number;
        similarity: number | null;
        foundBy: ("text" | "vector")[];
        /** @description Close enough to answer first */
        close: boolean;
      }[];
    };
    KnowledgeSearch: {
      query: string;
      /** @default 5 */
      limit?: number;
    };
    KnowledgeQaList: {
      items: components["schemas"]["KnowledgeQa"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    KnowledgeQa: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      botId: string;
      question: string;
      answer: string;
      version: number;
      /** Format: uuid */
      createdBy: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    KnowledgeQaCreate: {
      /**
       * @description One line, trimmed, at most 500 characters
       * @example ما هي ساعات العمل؟
       */
      question: string;
      /**
       * @description Trimmed, line breaks kept, at most 4000 characters
       * @example من الأحد إلى الخميس، من 9 صباحًا حتى 5 مساءً.
       */
      answer: string;
    };
    KnowledgeQaImported: {
      imported: number;
    };
    KnowledgeQaUpdate: {
      version: number;
      /**
       * @description One line, trimmed, at most 500 characters
       * @example ما هي ساعات العمل؟
       */
      question?: string;
      /**
       * @description Trimmed, line breaks kept, at most 4000 characters
       * @example من الأحد إلى الخميس، من 9 صباحًا حتى 5 مساءً.
       */
      answer?: string;
    };
    CurrentBot: {
      bot: components["schemas"]["Bot"] & (Record<string, never> | null);
      /** @description Whether the member chose it; false: the organization's first bot stands in */
      chosen: boolean;
    };
    CurrentBotChoice: {
      /** Format: uuid */
      botId: string;
    };
    BotLeadForm: {
      enabled: boolean;
      /** @enum {string} */
      when: "before-chat" | "after-messages" | "never";
      afterMessages: number;
      required: boolean;
      /** @enum {string} */
      name: "off" | "optional" | "required";
      /** @enum {string} */
      email: "off" | "optional" | "required";
      /** @enum {string} */
      phone: "off" | "optional" | "required";
      fields: {
        key: string;
        label: string;
        /** @enum {string} */
        type: "text" | "number" | "select" | "checkbox";
        required: boolean;
        options: string[];
      }[];
      consentText: string;
    };
    BotLeadFormInput: {
      enabled: boolean;
      /** @enum {string} */
      when: "before-chat" | "after-messages" | "never";
      /**
       * @description With `after-messages`: the visitor's messages before the form
       * @default 3
       */
      afterMessages?: number;
      /**
       * @description The chat waits for the form (403 LEAD_REQUIRED)
       * @default false
       */
      required?: boolean;
      /**
       * @default optional
       * @enum {string}
       */
      name?: "off" | "optional" | "required";
      /**
       * @default required
       * @enum {string}
       */
      email?: "off" | "optional" | "required";
      /**
       * @default off
       * @enum {string}
       */
      phone?: "off" | "optional" | "required";
      /** @default [] */
      fields?: components["schemas"]["LeadCustomField"][];
      /**
       * @description Free text; not empty: the visitor must consent
       * @default
       */
      consentText?: string;
    };
    LeadCustomField: {
      key: string;
      label: string;
      /** @enum {string} */
      type: "text" | "number" | "select" | "checkbox";
      /** @default false */
      required?: boolean;
      /** @default [] */
      options?: string[];
    };
    LeadList: {
      items: components["schemas"]["Lead"][];
      /** @description Exact up to 1,000 (or to the end of the page asked for) and for a search; where the count stopped beyond that */
      total: number;
      /** @description True when there are more than `total` */
      totalCapped: boolean;
      page: number;
      pageSize: number;
    };
    Lead: {
      /** Format: uuid */
      id: string;
      bot: {
        /** Format: uuid */
        id: string;
        name: string;
      };
      /** @description The conversation the lead came from; null once it was purged */
      conversationId: string | null;
      name: string | null;
      email: string | null;
      /** @description E.164 */
      phone: string | null;
      /** @description The values of the form's own fields, by key */
      custom: {
        [key: string]: string | number | boolean;
      };
      /** Format: date-time */
      consentAt: string | null;
      language: string;
      /** @enum {string} */
      status: "new" | "contacted" | "qualified" | "won" | "lost";
      notes: string;
      owner: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      /** @description The client the lead became (POST /leads/{id}/convert) */
      client: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      version: number;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** Format: date-time */
      deletedAt: string | null;
    };
    LeadUpdate: {
      /** @description The version the change was made on: another is 409 STALE_VERSION */
      version?: number;
      /** @enum {string} */
      status?: "new" | "contacted" | "qualified" | "won" | "lost";
      notes?: string;
      /** Format: uuid */
      ownerId?: string | null;
    };
    BotPublicConfig: {
      publicId: string;
      name: string;
      avatarUrl: string | null;
      /** @enum {string} */
      language: "en" | "ar" | "visitor";
      maxMessageLength: number;
      appearance: components["schemas"]["BotAppearance"];
      leadForm: components["schemas"]["BotPublicLeadForm"];
    };
    /** @description Null when the bot takes no leads */
    BotPublicLeadForm: {
      /** @enum {string} */
      when: "before-chat" | "after-messages" | "never";
      afterMessages: number;
      /** @description The chat waits for it (LEAD_REQUIRED) */
      required: boolean;
      /** @enum {string} */
      name: "off" | "optional" | "required";
      /** @enum {string} */
      email: "off" | "optional" | "required";
      /** @enum {string} */
      phone: "off" | "optional" | "required";
      fields: {
        key: string;
        label: string;
        /** @enum {string} */
        type: "text" | "number" | "select" | "checkbox";
        required: boolean;
        options: string[];
      }[];
      /** @description Not empty: consent is required */
      consentText: string;
    } | null;
    BotPublicPage: {
      publicId: string;
      name: string;
      /** @enum {string} */
      language: "en" | "ar" | "visitor";
      /** @description The hosts that may frame the full-page chat: `example.com`, or `*.example.com` for its subdomains */
      allowedDomains: string[];
    };
    BotConversationStarted: {
      conversationId: string;
      token: string;
    };
    BotConversationStart: {
      /** @enum {string} */
      locale?: "en" | "ar";
      identity?: components["schemas"]["BotVisitorIdentity"];
      previewToken?: string;
    };
    BotVisitorIdentity: {
      userId: string;
      signature: string;
      name?: string;
      email?: string;
    };
    BotVisitorMessage: {
      text: string;
      clientMessageId: string;
      identity?: components["schemas"]["BotVisitorIdentity"];
    };
    BotPublicMessages: {
      items: components["schemas"]["BotPublicMessage"][];
    };
    BotPublicMessage: {
      id: string;
      /** @enum {string} */
      role: "user" | "assistant";
      text: string;
      /** @enum {string} */
      status: "streaming" | "complete" | "stopped" | "failed";
      /** @enum {string|null} */
      rating: "up" | "down" | null;
      /** @description The bot's fallback message, written by its owner: no model answered */
      fallback: boolean;
      /** @description The message cards the answer showed (that the bot still has) */
      cards: components["schemas"]["BotPublicCard"][];
      /** @description The knowledge the answer cites, in the order of its numbers; also sent while it streams, as a `data-sources` part */
      sources: components["schemas"]["BotAnswerSource"][];
      createdAt: string;
    };
    BotPublicCard: {
      id: string;
      title: string;
      text: string;
      imageUrl: string | null;
      buttons: {
        /** @enum {string} */
        kind: "reply" | "link" | "lead_form";
        label: string;
        /** @description The reply to send, or the link (http or https) to open; empty for the lead form */
        value: string;
      }[];
    };
    BotAnswerSource: {
      title: string;
      url: string | null;
    };
    BotAnswerFeedback: {
      messageId: string | number;
      /** @enum {string|null} */
      rating: "up" | "down" | null;
    };
    BotLeadSent: {
      id: string;
    };
    BotLeadSubmission: {
      name?: string | null;
      email?: string | null;
      phone?: string | null;
      custom?: {
        [key: string]: string | number | boolean | null;
      };
      consent?: boolean;
    };
    BotPreviewToken: {
      token: string;
      expiresAt: string;
    };
    ProfileUpdate: {
      /** @example Sara */
      firstName?: string;
      /** @example Al-Harbi */
      lastName?: string;
      /**
       * Format: email
       * @description Stored lower-case. An empty string removes the address.
       */
      email?: string;
      /**
       * @description International form (+966 50 123 4567 or 00966…), stored as E.164. An empty string removes the number; the account must keep an email address or a phone number.
       * @example +966501234567
       */
      phone?: string;
      /** @enum {string} */
      locale?: "en" | "ar";
      /**
       * @description "true" removes the current avatar.
       * @enum {string}
       */
      removeAvatar?: "true" | "false";
      /**
       * Format: binary
       * @description PNG, JPEG or WebP (recognised by content), at most 5 MB and 4096×4096 pixels. Stored as a WebP of at most 512×512. An empty part (a form with no file chosen) is ignored.
       */
      avatar?: string;
    };
    PendingAddressChange: {
      /**
       * @description Which login the value is: an email address or a phone number
       * @enum {string}
       */
      loginType: "EMAIL" | "PHONE";
      /** @description The new address, normalised (E.164 for a phone) */
      value: string;
      /**
       * Format: date-time
       * @description When the key sent to it expires
       */
      expiresAt: string;
    };
    AddressChangeRequest: {
      /**
       * @description Which login the value is: an email address or a phone number
       * @enum {string}
       */
      loginType: "EMAIL" | "PHONE";
      /** @example layla@example.com */
      value: string;
      currentPassword: string;
    };
    AddressChangeConfirmation: {
      /** @example 042917 */
      key: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
