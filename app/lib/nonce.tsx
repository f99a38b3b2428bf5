import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The Content-Security-Policy nonce of this response; undefined in the browser after hydration. */
export function useNonce() {
  return useContext(NonceContext);
}
