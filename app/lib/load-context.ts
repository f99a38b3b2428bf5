declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce of the Content-Security-Policy; every inline script carries it. */
    cspNonce: string;
    /** The embedded API's fetch handler; unset when the web app talks to a remote API_URL. */
    apiFetch?: (request: Request) => Promise<Response>;
    /** The browser's address as Express sees it (TRUST_PROXY decides whether proxies count). */
    clientAddress?: string;
  }
}

export {};
