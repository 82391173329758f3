import { useBeforeUnload, useBlocker, useNavigation } from '@remix-run/react'
import { useCallback } from 'react'

/**
 * SPEC §4 "warnings on leaving": while `dirty`, a link to another page inside the app is held (the caller asks
 * with the returned blocker: `proceed` or `reset`) and closing or reloading the tab asks the browser's own
 * question. Submitting the form and the redirect after it are never held.
 */
export function useUnsavedChanges(dirty: boolean) {
  const navigation = useNavigation()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && navigation.state === 'idle' && currentLocation.pathname !== nextLocation.pathname,
  )
  useBeforeUnload(
    useCallback(
      (event) => {
        if (dirty) event.preventDefault()
      },
      [dirty],
    ),
  )
  return blocker
}
