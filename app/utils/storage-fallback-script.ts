/**
 * The storage fallback of storage-fallback.client.ts as an inline script, run before Remix's inline
 * ScrollRestoration script: inside a cross-site frame that script reads `sessionStorage` at once and would throw
 * ("SecurityError: Failed to read the 'sessionStorage' property") before the page's module script installs the
 * fallback. root.tsx renders it with the response's CSP nonce.
 */
export const STORAGE_FALLBACK_SCRIPT = `(function(){function m(){var s=new Map();return{get length(){return s.size},clear:function(){s.clear()},getItem:function(k){return s.has(k)?s.get(k):null},key:function(i){return Array.from(s.keys())[i]||null},removeItem:function(k){s.delete(k)},setItem:function(k,v){s.set(k,String(v))}}}["sessionStorage","localStorage"].forEach(function(n){try{window[n].getItem("__probe")}catch(e){Object.defineProperty(window,n,{configurable:true,value:m()})}})})()`
