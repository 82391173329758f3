import { createContext, useContext } from 'react'

const NonceContext = createContext<string | undefined>(undefined)

/** The CSP nonce of this response (workers/security-headers.ts), for Remix's inline scripts. */
export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
