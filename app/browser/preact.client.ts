/**
 * The browser renders with Preact's React compatibility layer, the server with React 18
 * (docs/decisions/0121-preact-in-the-browser.md). What the app relied on React for and Preact does differently,
 * each fixed here; `behaveAsReact` installs them all before entry.client.tsx hydrates the document.
 */
import { type ComponentChildren, options, type VNode } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'

type Attributes = Record<string, unknown> & { children?: ComponentChildren }

const NOT_ATTRIBUTES = new Set(['children', 'suppressHydrationWarning', 'key', 'ref'])

/** The attributes `<html>` is given, written onto the document's element; those no longer given are removed. */
export function syncDocumentAttributes(element: Element, attributes: Attributes, previous: Set<string>): Set<string> {
  const written = new Set<string>()
  for (const [prop, value] of Object.entries(attributes)) {
    if (NOT_ATTRIBUTES.has(prop)) continue
    const name = prop === 'className' ? 'class' : prop
    if (value == null || value === false) continue
    written.add(name)
    if (element.getAttribute(name) !== String(value)) element.setAttribute(name, String(value))
  }
  for (const name of previous) if (!written.has(name)) element.removeAttribute(name)
  return written
}

function DocumentElement(attributes: Attributes) {
  const written = useRef(new Set<string>())
  useLayoutEffect(() => {
    written.current = syncDocumentAttributes(document.documentElement, attributes, written.current)
  })
  return attributes.children
}

/**
 * Preact renders into `document.documentElement` when it is given the document (preactjs/preact#3794): the `<html>`
 * that Remix's root renders would be created again inside the server's. In the browser, `<html>` renders its
 * children (the server's `<head>` and `<body>`, hydrated in place) and keeps its attributes on the document's element.
 */
function renderHtmlInPlace() {
  const next = options.vnode
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'html') (vnode as VNode<Attributes>).type = DocumentElement
    next?.(vnode)
  }
}

/**
 * React keeps the old page on screen while a navigation's transition suspends; Preact has no transitions. Here every
 * batch of renders waits until `pending()` (asked when the batch is due) settles, so the old page stays meanwhile.
 */
function holdRendersWhile(pending: () => Promise<unknown> | null) {
  options.debounceRendering = (flush) => {
    void Promise.resolve().then(() => {
      const wait = pending()
      if (wait) void wait.then(flush)
      else flush()
    })
  }
}

/** A document without a window: a script inserted there is marked started and never runs (HTML "prepare the script element"). */
let inert: Document | null = null

/**
 * React never runs a `<script>` it creates in the browser (it makes them through `innerHTML`); the server's scripts
 * ran as the page was parsed. Preact creates elements with `createElement`, and such a script runs when inserted (a
 * client navigation to the event page would run its zone script again, or be refused by the CSP: the browser has no
 * nonce). Every script Preact creates is first inserted into a window-less document, which marks it started, and
 * only then into the page. `__e` is the element of a vnode in Preact 10's built code (its stable mangled name).
 */
function makeInert(element: HTMLScriptElement) {
  if (element.isConnected) return
  inert ??= document.implementation.createHTMLDocument('')
  inert.body.appendChild(element)
}

/** The attributes that name other elements by id, as props. */
const ID_PROPS: Record<string, string> = {
  id: 'id',
  htmlFor: 'for',
  for: 'for',
  form: 'form',
  list: 'list',
  'aria-labelledby': 'aria-labelledby',
  'aria-describedby': 'aria-describedby',
  'aria-controls': 'aria-controls',
  'aria-errormessage': 'aria-errormessage',
  'aria-owns': 'aria-owns',
  'aria-activedescendant': 'aria-activedescendant',
}

/**
 * Ids from `useId` differ between the server (React: `:R5:`) and the browser (Preact: `P0-1`), and Preact does not
 * compare attributes while it hydrates: a label hydrated with the server's id next to an error text rendered later
 * with the browser's would point at nothing. The id attributes the browser renders are written where they differ.
 */
function syncIds(element: Element, props: Record<string, unknown>) {
  for (const [prop, attribute] of Object.entries(ID_PROPS)) {
    const value = props[prop]
    if ((typeof value === 'string' || typeof value === 'number') && element.getAttribute(attribute) !== String(value)) {
      element.setAttribute(attribute, String(value))
    }
  }
}

/** The two element fixes above: inert created scripts, the browser's ids. */
function elementsAsReactLeavesThem() {
  const next = options.diffed
  options.diffed = (vnode: VNode) => {
    const element = (vnode as VNode & { __e?: Node | null }).__e
    if (typeof vnode.type === 'string' && element instanceof Element) {
      if (element instanceof HTMLScriptElement) makeInert(element)
      syncIds(element, vnode.props as Record<string, unknown>)
    }
    next?.(vnode)
  }
}

type OptionProps = { value?: unknown; selected?: boolean; children?: ComponentChildren }

/** Marks the options (also those inside `<optgroup>`) whose value is the select's `defaultValue` as selected. */
export function selectDefault(children: ComponentChildren, defaultValue: unknown) {
  for (const child of Array.isArray(children) ? children.flat(Number.POSITIVE_INFINITY) : [children]) {
    if (!child || typeof child !== 'object' || !('type' in child)) continue
    const props = child.props as OptionProps
    if (child.type === 'option') props.selected = String(props.value) === String(defaultValue)
    else if (child.type === 'optgroup') selectDefault(props.children, defaultValue)
  }
}

/**
 * preact/compat gives a `<select defaultValue>` to its direct `<option>` children only; React also to those inside
 * an `<optgroup>` (the guest's zone select). Runs after compat's own handling of the vnode.
 */
function selectDefaultsInGroups() {
  const next = options.vnode
  options.vnode = (vnode: VNode) => {
    next?.(vnode)
    const props = vnode.props as Attributes & { defaultValue?: unknown; multiple?: boolean }
    if (vnode.type === 'select' && props.defaultValue != null && !props.multiple) {
      selectDefault(props.children, props.defaultValue)
    }
  }
}

/**
 * Makes Preact do what the app relied on React for (each step above); once, before hydrating the document.
 * `navigationPending` gives what a batch of renders waits for (the current page's translations), or null.
 */
export function behaveAsReact(navigationPending: () => Promise<unknown> | null) {
  renderHtmlInPlace()
  elementsAsReactLeavesThem()
  selectDefaultsInGroups()
  holdRendersWhile(navigationPending)
}
